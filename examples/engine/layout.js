// My Word (1980)'s part of the example engine (engine.js speaks the protocol and calls
// move). The view lists every legal play with its words and points ("legal"), so a
// simple but sensible player needs no dictionary: play what scores most now, a tie
// broken at random by the decision's seed; without a play, knock the card of the hand
// whose pairs are worth least (the one least likely to make a rich word later).
"use strict";

const { generator, choice } = require("./random.js");

function pairValue(deck, card, edge) {
  // right and bottom pairs begin words, left and top pairs end them
  const pair = card[edge];
  const values = edge === "right" || edge === "bottom" ? deck.begin_values : deck.end_values;
  return values[pair] || 0;
}

function cardValue(deck, number) {
  const card = deck.cards.find((c) => c.number === number);
  return ["top", "right", "bottom", "left"].reduce((sum, e) => sum + pairValue(deck, card, e), 0);
}

function move(view, seed, hello) {
  const next = generator(seed);
  if (view.legal.length > 0) {
    const best = Math.max(...view.legal.map((play) => play.points));
    const play = choice(next, view.legal.filter((p) => p.points === best));
    return { kind: "play", card: play.card, position: play.position, declared: play.declared };
  }
  const cheapest = Math.min(...view.hand.map((n) => cardValue(view.deck, n)));
  const card = choice(next, view.hand.filter((n) => cardValue(view.deck, n) === cheapest));
  return { kind: "knock", card: card };
}

module.exports = { move };
