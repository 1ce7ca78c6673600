// A small seeded generator (mulberry32) for the example engine's games: the same decision
// seed (the "seed" of a view message, below 2**53) gives the same choices.
"use strict";

function generator(seed) {
  let state = (seed % 4294967296) >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choice(next, items) {
  return items[Math.floor(next() * items.length)];
}

module.exports = { generator, choice };
