"""The studies behind docs/layout-reader.md: the reader with one setting changed against
beam (or, with ``--cheat``, told the true hands and pack), how many of the other hand's
cards the belief's deals hold, and how often greedy players knock.

    python bench/layout_reader_study.py versus '{"belief": {"beta": 2.0}}' --games 300
    python bench/layout_reader_study.py versus '{"lookahead": 1}' --games 200 --seed 15000
    python bench/layout_reader_study.py versus '{"standing": true}' --games 200 --players 4 \
        --seed 30000 --dump standing.json
    python bench/layout_reader_study.py versus '{}' --games 150 --cheat
    python bench/layout_reader_study.py versus '{}' --games 150 --cheat --hands-only
    python bench/layout_reader_study.py belief '{"beta": 0, "slip": 1}' '{}' '{"beta": 2}'
    python bench/layout_reader_study.py knocks
    python bench/layout_reader_study.py paired defaults.json standing.json

Games are played here, not by the bench (so that a setting can be changed): game g is
dealt from seed 9000 + g (``--seed``), the reader sits at seat g mod players, and each
decision draws from ``random.Random(seed * 1000 + move number)``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

import numpy as np

from solver.layout import reader
from solver.layout.belief import BeliefSettings, Deals, deals
from solver.layout.game import deal, greedy_move
from solver.layout.moves import Knock
from solver.layout.players import beam_move
from solver.layout.reader import ReaderSettings, reader_move
from solver.layout.state import State


def _told(state: State, hands_only: bool = False):
    """Deals that are the truth: the other hands and the pack as they are (with
    ``hands_only``, 24 deals of the true hands, each with the pack's cards shuffled)."""

    def dealt(view, rng, settings=None) -> Deals:
        if hands_only:
            return _hands_told(state, view, rng)
        size = max(len(hand) for hand in state.hands)
        hands = np.zeros((1, state.seats, max(size, 1)), dtype=np.int16)
        counts = np.zeros((1, state.seats), dtype=np.int16)
        for p, hand in enumerate(state.hands):
            if p != view.seat:
                hands[0, p, : len(hand)] = hand
                counts[0, p] = len(hand)
        packs = np.array([state.pack], dtype=np.int16).reshape(1, -1)
        return Deals(hands, counts, packs, 1.0)

    return dealt


def _hands_told(state: State, view, rng: random.Random, count: int = 24) -> Deals:
    size = max(len(hand) for hand in state.hands)
    hands = np.zeros((count, state.seats, max(size, 1)), dtype=np.int16)
    counts = np.zeros((count, state.seats), dtype=np.int16)
    packs = np.zeros((count, len(state.pack)), dtype=np.int16)
    for n in range(count):
        for p, hand in enumerate(state.hands):
            if p != view.seat:
                hands[n, p, : len(hand)] = hand
                counts[n, p] = len(hand)
        pack = list(state.pack)
        rng.shuffle(pack)
        packs[n] = pack
    return Deals(hands, counts, packs, float(count))


def _game(
    players: int, me: int, seed: int, settings: ReaderSettings, cheat: bool, hands_only: bool
):
    state = deal(players, seed)
    spent, move = [], 0
    while not state.over:
        seat = state.turn()
        view = state.view(seat)
        rng = random.Random(seed * 1000 + move)
        if seat != me:
            state.apply(seat, beam_move(view, rng))
        else:
            started = time.perf_counter()
            if cheat:
                kept, reader.deals = reader.deals, _told(state, hands_only)
            try:
                state.apply(seat, reader_move(view, rng, settings))
            finally:
                if cheat:
                    reader.deals = kept
            spent.append(time.perf_counter() - started)
        move += 1
    return state.scores(), spent


def versus(
    setting: str,
    games: int,
    players: int,
    seed: int,
    cheat: bool,
    hands_only: bool = False,
    dump: str | None = None,
) -> None:
    changed = json.loads(setting)
    belief = BeliefSettings(**changed.pop("belief", {}))
    settings = ReaderSettings(**changed, belief=belief)
    wins, margin, spent, record = 0.0, 0.0, [], []
    for g in range(games):
        me = g % players
        scores, seconds = _game(players, me, seed + g, settings, cheat, hands_only)
        record.append({"seed": seed + g, "seat": me, "scores": scores})
        best = max(scores)
        wins += (scores[me] == best) / scores.count(best)
        margin += scores[me] - max(s for p, s in enumerate(scores) if p != me)
        spent += seconds
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(
        f"{setting} cheat={cheat} hands_only={hands_only} players={players} games={games}: "
        f"wins {rate:.3f} +- {half:.3f}, margin {margin / games:.1f}, "
        f"{np.mean(spent) * 1000:.1f} ms a move"
    )
    if dump:  # every game, for paired comparisons of settings on the same seeds
        with open(dump, "w") as out:
            json.dump({"setting": setting, "games": record, "ms": np.mean(spent) * 1000}, out)


def belief(settings: list[str], games: int) -> None:
    """Cards of the other hand (two players) the deals hold, on average, at seat 0's
    decisions with more than 4 cards in the pack, beam against beam."""
    chosen = [BeliefSettings(**json.loads(s)) for s in settings]
    held: list[list[float]] = [[] for _ in chosen]
    at_random: list[float] = []
    for seed in range(700, 700 + games):
        state = deal(2, seed)
        move = 0
        while not state.over:
            seat = state.turn()
            view = state.view(seat)
            if seat == 0 and view.pack_size > 4:
                truth = set(state.hands[1])
                unseen = 48 - sum(len(s) for _, s in view.layout.stacks) - len(view.hand)
                at_random.append(len(truth) ** 2 / unseen)
                for k, setting in enumerate(chosen):
                    dealt = deals(view, random.Random(move), setting)
                    hands = [
                        set(h[:c].tolist())
                        for h, c in zip(dealt.hands[:, 1], dealt.counts[:, 1], strict=True)
                    ]
                    held[k].append(float(np.mean([len(truth & hand) for hand in hands])))
            state.apply(seat, beam_move(view, random.Random(move)))
            move += 1
    print(f"at random: {np.mean(at_random):.3f} of 4")
    for text, found in zip(settings, held, strict=True):
        print(f"{text}: {np.mean(found):.3f} of 4")


def knocks(games: int) -> None:
    count = with_pack = moves = 0
    for seed in range(games):
        state = deal(2, seed)
        while not state.over:
            seat = state.turn()
            move = greedy_move(state.view(seat), random.Random(0))
            if isinstance(move, Knock):
                count += 1
                with_pack += bool(state.pack)
            state.apply(seat, move)
            moves += 1
    print(f"{games} greedy games: {moves} moves, {count} knocks, {with_pack} with a pack left")


def _shares(path: str) -> tuple[dict, np.ndarray, np.ndarray]:
    with open(path) as found:
        record = json.load(found)
    wins, margins = [], []
    for game in record["games"]:
        scores, me = game["scores"], game["seat"]
        best = max(scores)
        wins.append((scores[me] == best) / scores.count(best))
        margins.append(scores[me] - max(s for p, s in enumerate(scores) if p != me))
    return record, np.array(wins), np.array(margins, dtype=np.float64)


def paired(first: str, second: str) -> None:
    """Two ``versus --dump`` files of the same seeds, compared game by game: the second's
    win share and margin less the first's, each with its 95% interval."""
    one, wins_one, margins_one = _shares(first)
    two, wins_two, margins_two = _shares(second)
    if [g["seed"] for g in one["games"]] != [g["seed"] for g in two["games"]]:
        raise SystemExit("the two files hold different games")
    n = len(wins_one)
    for name, a, b in (("wins", wins_one, wins_two), ("margin", margins_one, margins_two)):
        d = b - a
        half = 1.96 * d.std(ddof=1) / math.sqrt(n)
        scale = 100.0 if name == "wins" else 1.0
        print(
            f"{name}: {a.mean() * scale:.1f} -> {b.mean() * scale:.1f}, "
            f"paired {d.mean() * scale:+.1f} +- {half * scale:.1f} ({n} games)"
        )
    print(f"ms a move: {one['ms']:.1f} -> {two['ms']:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    study = parser.add_subparsers(dest="study", required=True)
    one = study.add_parser("versus")
    one.add_argument("setting")
    one.add_argument("--games", type=int, default=300)
    one.add_argument("--players", type=int, default=2)
    one.add_argument("--seed", type=int, default=9000)
    one.add_argument("--cheat", action="store_true")
    one.add_argument("--hands-only", action="store_true", help="with --cheat: not the pack")
    one.add_argument("--dump", help="write every game's scores to this JSON file")
    two = study.add_parser("belief")
    two.add_argument("settings", nargs="+")
    two.add_argument("--games", type=int, default=40)
    three = study.add_parser("knocks")
    three.add_argument("--games", type=int, default=100)
    four = study.add_parser("paired")
    four.add_argument("first")
    four.add_argument("second")
    arguments = parser.parse_args()
    if arguments.study == "versus":
        versus(
            arguments.setting,
            arguments.games,
            arguments.players,
            arguments.seed,
            arguments.cheat,
            arguments.hands_only,
            arguments.dump,
        )
    elif arguments.study == "belief":
        belief(arguments.settings, arguments.games)
    elif arguments.study == "paired":
        paired(arguments.first, arguments.second)
    else:
        knocks(arguments.games)


if __name__ == "__main__":
    main()
