// MY WORD! for the example engine (engine.js): after each change of the table, call the
// word of a word list that takes the most cards, 2 seconds and a tenth a card on the table
// later (a bigger table takes longer to read); wait when no word takes 3 cards.
//
//   myword race bench --players hard,medium --engine "node examples/engine/engine.js"
//
// The view: {"seat", "table": ["c", "qu", "?", "??", ...], "to_deal", "won", "now",
// "lang"}; the move: {"kind": "call", "word": "cats", "after": 1.5} or {"kind": "wait"}.
// A double card (QU, ND...) gives its two letters together, in order; "?" stands for any
// one letter and "??" for any two side by side; a claim takes 3 cards or more.
//
// The words: the familiar list myword ships (solver/words/<lang>/core.txt), or the folder
// named by $MYWORD_DICTIONARIES, read once. Words with letters no card carries (accents)
// are left out, so every call is one the cards can spell as written.
"use strict";

const fs = require("fs");
const path = require("path");

const THINKING = 2.0; // seconds after each change of the table
const PER_CARD = 0.1; // and this much more for each card on it
const MIN_CARDS = 3;
const WILD = "?";
const DOUBLE_WILD = "??";

const lists = new Map(); // lang -> [{word, letters: Map(letter -> count)}]

function words(lang) {
  if (!lists.has(lang)) {
    const folder =
      process.env.MYWORD_DICTIONARIES || path.join(__dirname, "..", "..", "solver", "words");
    const text = fs.readFileSync(path.join(folder, lang, "core.txt"), "utf8");
    const letters = lang === "es" ? /^[a-zñ]{3,}$/ : /^[a-z]{3,}$/;
    lists.set(
      lang,
      text
        .split("\n")
        .filter((word) => letters.test(word))
        .map((word) => ({ word, letters: counts(word) })),
    );
  }
  return lists.get(lang);
}

function counts(items) {
  const found = new Map();
  for (const item of items) found.set(item, (found.get(item) || 0) + 1);
  return found;
}

// Whether a word's letters could come from the table at all: each letter from a single
// card or a double card holding it, the rest from the wilds (a quick test before the
// spelling search).
function mayFit(entry, letters, wildLetters) {
  let lacking = 0;
  for (const [letter, needed] of entry.letters) {
    lacking += Math.max(0, needed - (letters.get(letter) || 0));
    if (lacking > wildLetters) return false;
  }
  return true;
}

// The most cards that spell `word` from the cards left (a Map card -> count), or -1.
function mostCards(word, at, left) {
  if (at === word.length) return 0;
  let best = -1;
  const tryCard = (card, width) => {
    if (!(left.get(card) > 0) || at + width > word.length) return;
    left.set(card, left.get(card) - 1);
    const rest = mostCards(word, at + width, left);
    left.set(card, left.get(card) + 1);
    if (rest >= 0 && rest + 1 > best) best = rest + 1;
  };
  tryCard(word[at], 1);
  tryCard(word.slice(at, at + 2), 2);
  tryCard(WILD, 1);
  tryCard(DOUBLE_WILD, 2);
  return best;
}

function move(view, seed, hello) {
  const table = counts(view.table);
  const letters = new Map(); // letters the single and double cards give
  for (const card of view.table) {
    if (card === WILD || card === DOUBLE_WILD) continue;
    for (const letter of card) letters.set(letter, (letters.get(letter) || 0) + 1);
  }
  const wildLetters = (table.get(WILD) || 0) + 2 * (table.get(DOUBLE_WILD) || 0);
  let best = null;
  let bestCards = MIN_CARDS - 1;
  for (const entry of words(view.lang)) {
    if (entry.word.length <= bestCards || !mayFit(entry, letters, wildLetters)) continue;
    const cards = mostCards(entry.word, 0, table);
    if (cards > bestCards) {
      best = entry.word;
      bestCards = cards;
    }
  }
  if (best === null) return { kind: "wait" };
  return { kind: "call", word: best, after: THINKING + PER_CARD * view.table.length };
}

module.exports = { move };
