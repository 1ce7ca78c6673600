"""MY WORD!'s levels against simulated people: the win table of docs/race-people.md, the
adaptive level over a session, and the plot beside them (docs/race-levels.png).

    python bench/race_levels.py table --games 400 --workers 2   # bench/results/race_levels.json
    python bench/race_levels.py session --games 20              # bench/results/race_session.json
    python bench/race_levels.py plot                            # docs/race-levels.png
    python bench/race_levels.py times                           # the model's call times

``table`` runs, for each simulated person (``bench/race_people.py``) and each level, the
command a reader can run alone (printed with its result):

    myword race bench --players bench/race_people.py:PERSON,LEVEL --games N --seed S
        --pace 3 --json

at the pace of ``myword race play`` (a card every 3 s). ``session`` plays games of three
players, as ``race play`` does (the simulated person and two bots at the adaptive level),
the level moving after every round as in a live race (``adaptive.moved``), and records the
level after each game. ``plot`` draws both (matplotlib: the ``plot`` extra). ``times``
prints how soon each person and level calls on seeded tables of 5, 8 and 12 cards (no
wilds): the median and quartiles of the delay of its call, how often it has one, and the
mean letters of the words it calls.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

PEOPLE = ("casual", "average", "strong")
LEVELS = ("beginner", "easy", "medium", "hard", "superhuman")
TABLE = ROOT / "bench" / "results" / "race_levels.json"
SESSION = ROOT / "bench" / "results" / "race_session.json"
PNG = ROOT / "docs" / "race-levels.png"
PACE = 3.0  # race play's


def command(person: str, level: str, games: int, seed: int, workers: int) -> list[str]:
    return [
        "myword",
        "race",
        "bench",
        "--players",
        f"bench/race_people.py:{person},{level}",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--pace",
        f"{PACE:g}",
        "--workers",
        str(workers),
        "--json",
    ]


def table(games: int, seed: int, workers: int) -> list[dict]:
    """Every person against every level: the bench's own figures and intervals."""
    myword = Path(sys.executable).with_name("myword")
    rows = []
    for person in PEOPLE:
        for level in LEVELS:
            argv = command(person, level, games, seed, workers)
            ran = subprocess.run(
                [str(myword), *argv[1:]], cwd=ROOT, capture_output=True, text=True, check=True
            )
            you, bot = json.loads(ran.stdout)["players"]
            row = {
                "person": person,
                "level": level,
                "games": games,
                "win_rate": you["win_rate"],
                "win_low": you["win_rate_low"],
                "win_high": you["win_rate_high"],
                "person_cards": you["mean_score"],
                "person_cards_ci95": you["score_ci95"],
                "level_cards": bot["mean_score"],
                "level_cards_ci95": bot["score_ci95"],
                "command": " ".join([*argv[:-3], "--json"]),  # workers change nothing
            }
            rows.append(row)
            print(
                f"{person:8} v {level:10} win {row['win_rate']:6.1%} "
                f"({row['win_low']:.1%}-{row['win_high']:.1%})  cards "
                f"{row['person_cards']:.1f} ± {row['person_cards_ci95']:.1f} v "
                f"{row['level_cards']:.1f} ± {row['level_cards_ci95']:.1f}",
                flush=True,
            )
    return rows


def session_of(person: str, games: int, seed: int, players: int = 3) -> list[float]:
    """The adaptive level after each of ``games`` games between a simulated person (seat
    0) and ``players - 1`` bots at the level, starting where a first race starts."""
    from race_people import PEOPLE as MODELS
    from race_people import Person

    from solver.race import bots
    from solver.race.adaptive import START, auto_bot, moved
    from solver.race.deck import load_deck
    from solver.race.index import load_kernel
    from solver.race.state import RaceState, RoundOver
    from solver.runtime import seeds

    load_kernel()
    deck = load_deck("en")
    me = Person(MODELS[person])
    skill, after = START, []
    for game in range(games):
        state = RaceState(players, deck, seed + game, PACE)
        decisions = 0
        while not state.over:
            seat = state.to_move()
            decisions += 1
            rng = random.Random(seeds.derived(seed + game, "session", decisions).getrandbits(64))
            view = state.view(seat)
            if seat == 0:
                move = me.look(view, rng)
                move = bots.Wait() if move is None else move
            else:
                move = bots.move(auto_bot(skill), view, rng)
            for event in state.apply(seat, move):
                if isinstance(event, RoundOver):
                    skill, _ = moved(skill, list(event.won))
        after.append(round(skill, 3))
        print(f"{person} game {game + 1}: level {skill:.2f}", flush=True)
    return after


def times(tables: int = 300) -> None:
    """Each person's and level's call on seeded tables (see the module's docstring)."""
    import statistics

    from race_people import PEOPLE as MODELS

    from solver.race.bots import LEVELS as BOTS
    from solver.race.calls import RaceView
    from solver.race.deck import builtin_deck
    from solver.race.index import load_kernel

    load_kernel()
    deck = [card for card in builtin_deck("en").cards() if card not in ("?", "??")]
    players = {f"person {k}": v for k, v in MODELS.items()} | {
        f"level {k}": v for k, v in BOTS.items()
    }
    print("| who | 5 cards | 8 cards | 12 cards |\n|---|---|---|---|")
    for name, bot in players.items():
        cells = []
        for size in (5, 8, 12):
            afters, letters = [], []
            for seed in range(tables):
                table = tuple(random.Random(seed * 31 + size).sample(deck, size))
                view = RaceView(1, table, 30, (0, 0), 5.0, "en")
                call = bot.look(view, random.Random(seed))
                if call is not None:
                    afters.append(call.after)
                    letters.append(len(call.word))
            low, median, high = statistics.quantiles(afters, n=4)
            cells.append(
                f"{median:.1f} s ({low:.1f}-{high:.1f}), {len(afters) / tables:.0%}, "
                f"{statistics.mean(letters):.1f}"
            )
        print(f"| {name} | " + " | ".join(cells) + " |")


def plot(png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = json.loads(TABLE.read_text())
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.6))
    for offset, person in zip((-0.12, 0.0, 0.12), PEOPLE, strict=True):
        mine = [row for row in rows if row["person"] == person]
        x = [LEVELS.index(row["level"]) + offset for row in mine]
        y = [100 * row["win_rate"] for row in mine]
        low = [100 * (row["win_rate"] - row["win_low"]) for row in mine]
        high = [100 * (row["win_high"] - row["win_rate"]) for row in mine]
        left.errorbar(x, y, yerr=[low, high], marker="o", capsize=3, label=f"{person} person")
    left.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    left.set_xticks(range(len(LEVELS)), LEVELS)
    left.set_ylabel("the person's wins, % (95% interval)")
    left.set_ylim(-3, 103)
    left.set_title(f"Simulated people against each level ({rows[0]['games']} games each)")
    left.legend()
    if SESSION.exists():
        session = json.loads(SESSION.read_text())
        for person, levels in session["levels"].items():
            right.plot(range(0, len(levels) + 1), [session["start"], *levels], marker=".")
            right.lines[-1].set_label(f"{person} person")
        right.set_yticks(range(len(LEVELS)), LEVELS)
        right.set_xticks(range(0, len(levels) + 1, 2))
        right.set_xlabel("games played")
        right.set_ylabel("adaptive level after the game")
        right.set_title(f"--level auto over {len(levels)} games ({session['players']} players)")
        right.legend()
    figure.tight_layout()
    figure.savefig(png, dpi=110)
    print(f"wrote {png}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("table", "session", "plot", "times"))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    arguments = parser.parse_args()
    TABLE.parent.mkdir(parents=True, exist_ok=True)
    if arguments.what == "table":
        rows = table(arguments.games, arguments.seed, arguments.workers)
        TABLE.write_text(json.dumps(rows, indent=1) + "\n")
    elif arguments.what == "session":
        from solver.race.adaptive import START

        levels = {
            person: session_of(person, arguments.games, arguments.seed, arguments.players)
            for person in PEOPLE
        }
        document = {"start": START, "players": arguments.players, "levels": levels}
        SESSION.write_text(json.dumps(document, indent=1) + "\n")
    elif arguments.what == "times":
        times()
    else:
        plot(PNG)


if __name__ == "__main__":
    main()
