#!/usr/bin/env node
// An engine for myword in JavaScript: the engine protocol, version 1 (docs/engine-protocol.md).
//
//   myword layout bench --players greedy --engine "node examples/engine/engine.js"
//
// This file only speaks the protocol: JSON lines on stdin, answers on stdout, its log on
// stderr. What to play comes from the game's own file beside it (deduce.js, race.js,
// layout.js), each exporting move(view, seed, hello) -> the move's JSON.
"use strict";

const path = require("path");
const readline = require("readline");

const PROTOCOL = 1;
const NAME = "js-example";
const GAMES = ["deduce", "race", "layout"];

function say(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let hello = null;
let game = null;

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    say({ type: "error", message: `not JSON: ${error.message}` });
    return;
  }
  try {
    switch (message.type) {
      case "hello":
        if (message.protocol !== PROTOCOL) {
          throw new Error(`this engine speaks protocol ${PROTOCOL}, not ${message.protocol}`);
        }
        if (!GAMES.includes(message.game)) {
          throw new Error(`this engine plays ${GAMES.join(", ")}, not ${message.game}`);
        }
        game = require(path.join(__dirname, `${message.game}.js`));
        hello = message;
        say({ type: "ready", protocol: PROTOCOL, name: NAME });
        break;
      case "view":
        if (game === null) throw new Error("a view before the hello");
        say({ type: "move", id: message.id, move: game.move(message.view, message.seed, hello) });
        break;
      case "over":
        break;
      case "quit":
        process.exit(0);
        break;
      default:
        throw new Error(`unknown message type ${JSON.stringify(message.type)}`);
    }
  } catch (error) {
    process.stderr.write(`${error.stack || error}\n`);
    say({ type: "error", message: error.message });
  }
});
lines.on("close", () => process.exit(0));
