"""My Word (1980) in the terminal: people and bots at one table, saved after every move.

The saved game is the game's own log (``game.py``), with the players and the seed: the
same file ``myword layout replay`` checks, and resuming rebuilds the game from it move by
move through the rules. Bots draw their randomness from the seed and the move number, so a
resumed game goes on exactly as it would have.

On a person's turn they type a card number and a square (``17 B3``), adding the words
they state for symbols (``17 B3 TALL``) or being asked for them; ``knock 17`` knocks;
``moves`` lists their plays, best first; ``hint`` shows what the beam player would do;
``board``, ``values``, ``help``, and ``quit`` (saved, to resume later). More than one
person can play (pass the keyboard): each is shown only their own hand.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Protocol

from solver import savefile, seeds
from solver.errors import UserError
from solver.layout import display
from solver.layout.board import (
    Placement,
    SubstituteError,
    declare,
    placement,
    why_not,
    within_limit,
)
from solver.layout.deck import Deck
from solver.layout.game import (
    GameState,
    Player,
    legal_plays,
    player_named,
    rebuild,
    run,
    start_game,
    why_over,
)

HUMAN = "human"
BOTS = ("beam", "greedy", "random")
HELP = (
    "Type a card number and a square to play it there (17 B3), with the words you state for "
    "symbols if you like (17 B3 TALL); knock 17 to knock; moves to list your plays; hint for "
    "the beam player's choice; board, values, help; quit to save and stop."
)


class Console(Protocol):
    def ask(self, prompt: str, hidden: bool = False) -> str: ...

    def say(self, text: str) -> None: ...

    def show(self, view: Any) -> None: ...


def parse_players(spec: str) -> list[str]:
    names = [p.strip().lower() for p in spec.split(",") if p.strip()]
    unknown = [n for n in names if n != HUMAN and n not in BOTS]
    if unknown or not 1 <= len(names) <= 6:
        raise UserError(f"players are 1 to 6 of human, {', '.join(BOTS)} (got {spec!r})")
    return names


def new_game(
    players: list[str], seed: int | None, easy: bool, deck: Deck | None = None
) -> GameState:
    return start_game(players, seed, easy, deck)


def document(state: GameState) -> dict[str, Any]:
    """The game as JSON: its log (what is saved, and what ``replay`` checks)."""
    return state.log


public = document  # nothing in the log is hidden from the players (see ``save``)


def save(state: GameState, path: Path) -> None:
    """Save the game's log, signed (``savefile``). Nothing is sealed: what the players
    cannot see (the pack, the bots' hands) is not in the log but follows from its seed."""
    finished = "scores" in state.log or why_over(state) is not None
    savefile.write("layout", document(state), {}, finished, path)


def load(path: Path) -> GameState:
    log, _ = savefile.read("layout", path)
    if not isinstance(log, dict) or "players" not in log or "seed" not in log:
        raise UserError(f"{path} is not a saved My Word (1980) game")
    try:  # every move re-checked, and a log with final scores must end the game
        state = rebuild(log)
    except UserError as error:
        raise UserError(f"{path} cannot be resumed: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
        raise UserError(f"{path} is not a valid saved game: {error!r:.80}") from None
    if "scores" in log or why_over(state) is not None:
        raise UserError(f"the game in {path} is over; `myword layout replay {path}` checks it")
    return state


def names(state: GameState) -> list[str]:
    """How players are called on screen: a lone person is "you"; names that repeat are
    numbered by seat ("greedy 1", "greedy 2")."""
    players = state.log["players"]
    called = ["you" if p == HUMAN and players.count(HUMAN) == 1 else p for p in players]
    if len(set(called)) < len(called):
        return [f"{p} {i + 1}" for i, p in enumerate(called)]
    return called


def open_squares(state: GameState) -> set[tuple[int, int]]:
    """Empty squares touching the layout where a card may go under the size limit."""
    return {
        square
        for square in state.layout.frontier
        if state.easy or within_limit(state.layout, square)
    }


def scores_line(state: GameState) -> str:
    parts = [f"{name} {score}" for name, score in zip(names(state), state.scores, strict=True)]
    return " · ".join(parts) + f" · pack {len(state.pack)} cards"


def table_view(state: GameState, player: int) -> Any:
    from rich.console import Group

    return Group(
        display.board_view(state.layout, state.deck, open_squares(state)),
        display.hand_view(state.hands[player], state.deck, f"{names(state)[player]}: your hand"),
        scores_line(state),
    )


def _describe(state: GameState, move: dict) -> str:
    window = display.window_of(state.layout)
    return display.describe_move(move, window, names(state)[move["player"]])


def _hint(state: GameState, player: int) -> str:
    from solver.layout.players import choose

    rng = seeds.derived(state.log["seed"], "hint", len(state.log["moves"]))
    kind, number, spot = choose(state, player, rng)
    if kind == "knock" or spot is None:
        return f"hint: no play; knock card {number}"
    square = display.window_of(state.layout).name(spot.position)
    words = ", ".join(w.spelled.upper() for w in spot.words)
    on_top = " (on top)" if spot.on_top else ""
    return f"hint: {number} {square}{on_top}: {words}, +{spot.points}"


def _moves_text(state: GameState, player: int, top: int = 12) -> str:
    plays = sorted(legal_plays(state, player), key=lambda item: -item[1].points)
    if not plays:
        return "no card in your hand can be played: knock one (knock CARD)"
    window = display.window_of(state.layout)
    lines = [
        f"  {number} {window.name(spot.position)}"
        f"{' (on top)' if spot.on_top else ''}: "
        f"{', '.join(w.spelled.upper() for w in spot.words)} +{spot.points}"
        for number, spot in plays[:top]
    ]
    more = f"\n  ... and {len(plays) - top} more" if len(plays) > top else ""
    return f"{len(plays)} plays, best first:\n" + "\n".join(lines) + more


def _ask_substitutes(console: Console, spot: Placement, stated: list[str]) -> Placement:
    """Rule 7: the player states the word the symbols make; ask for any not yet stated."""
    spot = declare(spot, stated)
    for made in spot.words:
        if made.symbols and made.spelled not in stated:
            pattern = f"{made.begin}{made.end}".replace("..", "__").upper()
            answer = console.ask(f"word for {pattern} [{made.spelled.upper()}]").strip()
            stated.append(answer.lower() or made.spelled)
    return declare(spot, stated)


def parse_play(state: GameState, player: int, line: str) -> tuple[int, Placement, list[str]]:
    """``CARD SQUARE [WORD ...]`` -> the card, its placement and the words stated; raises
    ``UserError`` saying what is wrong."""
    parts = line.split()
    if len(parts) < 2 or not parts[0].isdigit():
        raise UserError(f"not understood: {line!r} ({HELP})")
    number = int(parts[0])
    if number not in state.hands[player]:
        raise UserError(f"card {number} is not in your hand ({sorted(state.hands[player])})")
    position = display.window_of(state.layout).position(parts[1])
    card = state.card(number)
    reason = why_not(state.layout, state.deck, card, position, state.easy)
    spot = placement(state.layout, state.deck, card, position)
    if reason or spot is None:
        raise UserError(f"card {number} cannot go at {parts[1].upper()}: {reason}")
    return number, spot, [w.lower() for w in parts[2:]]


def human_player(console: Console) -> Player:
    """A person at the keyboard, as a player the game loop can call."""

    def turn(state: GameState, player: int, rng: random.Random) -> tuple[str, int, Any]:
        console.show(table_view(state, player))
        while True:
            line = console.ask(f"{names(state)[player]} (help for commands)").strip()
            command = line.lower()
            if command in ("quit", "exit", "save"):
                raise EOFError
            if command in ("help", "?"):
                console.say(HELP)
            elif command == "board":
                console.show(table_view(state, player))
            elif command == "values":
                console.show(display.values_lines(state.deck))
            elif command == "moves":
                console.say(_moves_text(state, player))
            elif command == "hint":
                console.say(_hint(state, player))
            elif command.startswith("knock"):
                card = command.removeprefix("knock").strip()
                if card.isdigit() and int(card) in state.hands[player]:
                    return "knock", int(card), None
                console.say(f"knock which card? one of {sorted(state.hands[player])}")
            elif line:
                try:
                    number, spot, stated = parse_play(state, player, line)
                    return "play", number, _ask_substitutes(console, spot, stated)
                except (UserError, SubstituteError) as error:
                    console.say(f"[red]{error}[/red]")

    return turn


def play(state: GameState, console: Console, path: Path) -> GameState:
    """Play on to the end, saving after every move; EOFError (end of input, ``quit``) and
    KeyboardInterrupt propagate after the last completed move was saved."""
    players = state.log["players"]
    person = human_player(console)
    chosen = [person if name == HUMAN else player_named(name) for name in players]
    if not state.log["moves"]:
        console.say(f"Players: {', '.join(names(state))}; {HELP}")
        console.show(display.values_lines(state.deck))
    save(state, path)

    def after_move(state: GameState) -> None:
        save(state, path)
        console.say(_describe(state, state.log["moves"][-1]))

    run(state, chosen, state.log["seed"], after_move)
    save(state, path)
    console.show(display.board_view(state.layout, state.deck, set()))
    best = max(state.scores)
    winners = [n for n, s in zip(names(state), state.scores, strict=True) if s == best]
    console.say(f"Game over. {scores_line(state)} ({why_over(state)})")
    if len(players) > 1:
        verb = "wins" if len(winners) == 1 and winners != ["you"] else "win"
        console.say(f"[bold]{' and '.join(winners)} {verb}[/bold]")
    return state
