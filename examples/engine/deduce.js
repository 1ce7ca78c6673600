// What's My Word? for the JavaScript engine (engine.js speaks the protocol; this file plays).
//
//   myword deduce match --engine "node examples/engine/engine.js"
//   myword deduce bench --strategy points --engine "node examples/engine/engine.js"
//
// A view is {"kind": "pick", "length", "lang", ...}: hide a Gameword, or {"kind": "guess",
// "rows": [[length, offset], ...], "row", "length", "offset", "last_row", "history":
// [[guessword, score], ...]}: name the next Guessword. The move is {"kind", "word"}.
//
// How it plays, simply but sensibly: the candidates are the words of the Gameword's length
// that give every score heard (scored by the rulebook's rule, below); it draws one with the
// decision's seed and names the letters of that candidate under the row's columns when they
// spell a word (the most a right guess can score), else a word of the row's length drawn at
// random. On the last row it names the candidate itself, for the 3000 bonus.
//
// The words: the familiar list myword ships (solver/words/<lang>/core.txt), or the folder
// named by $MYWORD_DICTIONARIES, read once.
"use strict";

const fs = require("fs");
const path = require("path");
const { generator, choice } = require("./random.js");

const MATCHING = 1000;
const NON_MATCHING = 250;
const BONUS = 3000;

const lists = new Map(); // lang -> Map(length -> [words])

function words(lang, length) {
  if (!lists.has(lang)) {
    const folder =
      process.env.MYWORD_DICTIONARIES || path.join(__dirname, "..", "..", "solver", "words");
    const text = fs.readFileSync(path.join(folder, lang, "core.txt"), "utf8");
    const letters = lang === "es" ? /^[a-zñ]+$/ : /^[a-z]+$/;
    const byLength = new Map();
    for (const word of text.split("\n")) {
      if (!letters.test(word)) continue;
      if (!byLength.has(word.length)) byLength.set(word.length, []);
      byLength.get(word.length).push(word);
    }
    lists.set(lang, byLength);
  }
  return lists.get(lang).get(length) || [];
}

// The rulebook's score of a Guessword written at `offset` under the Gameword: matching
// letters first (1000 each), then each other letter, left to right, found among the
// Gameword's unused letters (250 each); the whole word named on the last row adds 3000.
function score(gameword, guess, offset, lastRow) {
  const used = new Array(gameword.length).fill(false);
  const matched = new Array(guess.length).fill(false);
  let points = 0;
  for (let i = 0; i < guess.length; i++) {
    if (gameword[offset + i] === guess[i]) {
      used[offset + i] = matched[i] = true;
      points += MATCHING;
    }
  }
  for (let i = 0; i < guess.length; i++) {
    if (matched[i]) continue;
    for (let j = 0; j < gameword.length; j++) {
      if (!used[j] && gameword[j] === guess[i]) {
        used[j] = true;
        points += NON_MATCHING;
        break;
      }
    }
  }
  return lastRow && guess === gameword ? points + BONUS : points;
}

function candidates(view) {
  const rows = view.rows;
  const last = rows.length - 1;
  const length = rows[last][0];
  return words(view.lang, length).filter((word) =>
    view.history.every(([guess, heard], index) => {
      return score(word, guess, rows[index][1], index === last) === heard;
    }),
  );
}

function move(view, seed) {
  const next = generator(seed);
  if (view.kind === "pick") {
    return { kind: "pick", word: choice(next, words(view.lang, view.length)) };
  }
  const fitting = candidates(view);
  const pool = words(view.lang, view.length);
  if (fitting.length === 0) return { kind: "guess", word: choice(next, pool) };
  const likely = choice(next, fitting);
  if (view.last_row) return { kind: "guess", word: likely };
  const under = likely.slice(view.offset, view.offset + view.length);
  return { kind: "guess", word: pool.includes(under) ? under : choice(next, pool) };
}

module.exports = { move, score };
