"""My Word (1980) in line mode: prompts and printed boards, for pipes, scripts and tests.

On a person's turn they type a card number and a square (``17 G5``), adding the words they
state for symbols (``17 G5 TALL``) or being asked for them; ``knock 17`` knocks; ``moves``
lists their plays, best first; ``hint`` shows what the reader (the strongest player) would
do; ``board``, ``values``, ``help``, and ``quit`` (saved, to resume later). More than one
person can play (pass the keyboard): each is shown only their own hand. The game itself
moves through ``session`` exactly as the full-screen app moves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from solver.arena.protocol import DEFAULT_TIME_LIMIT
from solver.layout import session
from solver.layout.board import Placement, SubstituteError, declare
from solver.layout.game import GameState, finished, to_move
from solver.layout.moves import Play
from solver.layout.reader import reader_loaded
from solver.layout.ui import display, wording
from solver.runtime.errors import UserError
from solver.runtime.numbers import ascii_digits
from solver.ui.saved import review_hint

COMMANDS = (
    "Type a card number and a square to play it there (17 G5), with the words you state for "
    "symbols if you like (17 G5 TALL); knock 17 to knock; moves to list your plays; hint for "
    "the reader's choice; board, values, help; quit to save and stop."
)
HELP = f"{COMMANDS}\n{display.LEGEND}"

# What ``play_saved`` (solver/ui/saved.py) asks of the module it runs.
document, public, save = session.document, session.public, session.save


class Console(Protocol):
    def ask(self, prompt: str, hidden: bool = False) -> str: ...

    def say(self, text: str) -> None: ...

    def show(self, view: Any) -> None: ...


def table_view(state: GameState, player: int) -> Any:
    from rich.console import Group
    from rich.text import Text

    squares = session.squares(state)
    return Group(
        display.board_view(state.layout, state.deck, squares, session.open_squares(state)),
        display.hand_view(
            state.hands[player], state.deck, f"{wording.names(state)[player]}: your hand"
        ),
        wording.scores_line(state),
        Text(
            f"x2: a stack two high · right and bottom pairs begin words · the centre card is "
            f"{squares.name((0, 0))} · help explains more",
            style="dim",
        ),
    )


def _moves_text(state: GameState, player: int, top: int = 12) -> str:
    plays = session.ranked_plays(state, player)
    if not plays:
        return "no card in your hand can be played: knock one (knock CARD)"
    squares = session.squares(state)
    lines = [
        f"  {number} {squares.name(spot.position)}"
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


def person_turn(state: GameState, player: int, console: Console) -> session.Move:
    """Ask the person until they give a legal move; EOFError when they quit."""
    console.show(table_view(state, player))
    while True:
        line = console.ask(f"{wording.names(state)[player]} (help for commands)").strip()
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
            if not reader_loaded():  # its kernels compile the very first time: seconds
                console.say(
                    "Thinking: the first hint loads the reader (on a machine that never ran "
                    "it, it compiles first: up to a minute)..."
                )
            console.say(wording.hint_text(state, player))
        elif command.startswith("knock"):
            card = command.removeprefix("knock").strip()
            if ascii_digits(card) and int(card) in state.hands[player]:
                return session.person_knock(state, player, int(card))
            hand = ", ".join(str(n) for n in sorted(state.hands[player]))
            if ascii_digits(card):
                console.say(f"card {int(card)} is not in your hand: knock one of {hand}")
            else:
                example = min(state.hands[player])
                console.say(f"knock which card? one of {hand} (knock {example})")
        elif line:
            try:
                number, spot, stated = session.parse_play(state, player, line)
                return Play(number, _ask_substitutes(console, spot, stated))
            except (UserError, SubstituteError) as error:
                console.say(f"[red]{error}[/red]")


def play(
    state: GameState, console: Console, path: Path, engine_time: float = DEFAULT_TIME_LIMIT
) -> GameState:
    """Play on to the end, saving after every move; EOFError (end of input, ``quit``) and
    KeyboardInterrupt propagate after the last completed move was saved. The bots are
    seated as the arena seats them (``session.BotSeats``; an engine may think
    ``engine_time`` seconds a move), told the scores at the end and let go however the
    game stops."""
    if not state.history:
        console.say(f"Players: {', '.join(wording.names(state))}. {COMMANDS}")
        console.show(display.values_lines(state.deck))
        if note := wording.replay_note(state):
            console.say(note)
    session.save(state, path)
    bots = session.BotSeats(state, engine_time)
    try:
        while not finished(state):
            player = to_move(state)
            move: session.Move | session.Forfeit
            if session.is_person(state, player):
                move = person_turn(state, player, console)
            else:
                move = bots.move(player)
            logged = session.make_move(state, move)
            session.save(state, path)
            console.say(wording.describe(state, logged))
        bots.finish()
    finally:
        bots.close()
    session.save(state, path)
    console.show(display.board_view(state.layout, state.deck, session.squares(state)))
    console.say(f"Game over. {wording.scores_line(state)} ({wording.why_over(state)})")
    if state.seats > 1:
        console.say(f"[bold]{wording.result_line(state)}[/bold]")
    # only now: the seed deals the pack; a sentence of its own here, as the other games say it
    line = wording.seed_line(state)
    console.say(f"{line[:1].upper()}{line[1:]}.")
    if line := review_hint(path):
        console.say(line)
    return state


@dataclass(frozen=True)
class Playing:
    """This module as ``play_saved`` (solver/ui/saved.py) runs it, with the seconds an
    engine seat may think over a move (``--engine-time``)."""

    engine_time: float = DEFAULT_TIME_LIMIT

    def play(self, state: GameState, console: Console, path: Path) -> GameState:
        return play(state, console, path, self.engine_time)

    document = staticmethod(session.document)
    public = staticmethod(session.public)
    save = staticmethod(session.save)
