"""Playing My Word (1980) in the terminal: people's moves, symbols, saving and resuming."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver.layout import session
from solver.layout.game import legal_plays, replay, to_move, why_over
from solver.layout.ui import lines, wording
from solver.runtime import savefile
from solver.runtime.errors import UserError


class ScriptedPerson:
    """A console whose person plays their best play by square name, or knocks; after
    ``stop_after`` of their turns it ends the input, as a closed terminal would."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.state = None
        self.turns = 0
        self.stop_after = stop_after
        self.said: list[str] = []

    def ask(self, prompt: str, hidden: bool = False) -> str:
        if prompt.startswith("word for"):
            return ""  # accept the word offered for the symbols
        state = self.state
        player = to_move(state)
        if self.stop_after is not None and self.turns >= self.stop_after:
            raise EOFError
        self.turns += 1
        plays = legal_plays(state, player)
        if not plays:
            return f"knock {state.hands[player][0]}"
        number, spot = max(plays, key=lambda item: item[1].points)
        return f"{number} {session.squares(state).name(spot.position)}"

    def say(self, text: str) -> None:
        self.said.append(text)

    def show(self, view) -> None:
        pass


def _play(state, person, path):
    person.state = state
    return lines.play(state, person, path)


def test_a_person_plays_a_whole_game_and_the_save_is_a_checked_log(tmp_path) -> None:
    path = tmp_path / "game.json"
    person = ScriptedPerson()
    state = _play(session.new_game(["human", "greedy"], 3, False), person, path)
    log = savefile.read("layout", path)[0]
    assert log["scores"] == state.points and replay(log)[0]
    assert any(m["player"] == 0 and m["kind"] == "play" for m in log["moves"])
    assert any(line.startswith("greedy plays card") for line in person.said)
    assert person.said[-4].startswith("Game over. you ")
    said = wording.why_over(state)  # the reason code, worded
    assert person.said[-4].endswith(f"({said})") and why_over(state) in ("pack_out", "stuck")
    assert said in wording.ENDINGS.values()
    assert person.said[-2] == "This game replayed --seed 3."  # said at the end, a sentence
    assert person.said[-1].startswith("Game saved as ")  # and how to review it
    assert person.said[-1].endswith("; review it with: myword review " + str(path))
    you, greedy = state.points
    verdict = "you win" if you > greedy else "greedy wins" if greedy > you else "you and greedy win"
    assert person.said[-3].endswith(f"{verdict}[/bold]")


def test_stopping_and_resuming_gives_the_same_game(tmp_path) -> None:
    whole = _play(
        session.new_game(["human", "beam"], 8, False), ScriptedPerson(), tmp_path / "a.json"
    )
    path = tmp_path / "b.json"
    with pytest.raises(EOFError):
        _play(session.new_game(["human", "beam"], 8, False), ScriptedPerson(5), path)
    resumed = session.load(path)
    assert len(resumed.log["moves"]) == 11  # the bot (second seat) starts: 6 + 5 turns
    finished = _play(resumed, ScriptedPerson(), path)
    assert finished.log == whole.log
    with pytest.raises(UserError, match="is over"):
        session.load(path)


def test_bad_plays_are_explained() -> None:
    state = session.new_game(["human", "greedy"], 3, False)
    hand = state.hands[1]
    outside = next(n for n in range(1, 49) if n not in hand)
    with pytest.raises(UserError, match="not in your hand"):
        session.parse_play(state, 1, f"{outside} B2")
    with pytest.raises(UserError, match="off the board"):
        session.parse_play(state, 1, f"{hand[0]} Z9")
    with pytest.raises(UserError, match="would not touch"):
        session.parse_play(state, 1, f"{hand[0]} A1")
    with pytest.raises(UserError, match="not understood"):
        session.parse_play(state, 1, "play something")


def test_a_person_states_the_word_for_symbols() -> None:
    for seed in range(60):
        state = session.new_game(["human", "greedy"], seed, False)
        found = [
            (n, spot) for n, spot in legal_plays(state, 1) if any(w.symbols for w in spot.words)
        ]
        if found:
            break
    number, spot = found[0]
    made = next(w for w in spot.words if w.symbols)
    from solver.wordtools import lexicon

    other = next(w for w in lexicon.words(4, "all") if made.fits(w) and w != made.spelled)
    square = session.squares(state).name(spot.position)
    _, parsed, stated = session.parse_play(state, 1, f"{number} {square} {other.upper()}")
    person = ScriptedPerson()
    chosen = lines._ask_substitutes(person, parsed, stated)
    assert other in chosen.declared and chosen.points == spot.points


def test_play_command_saves_on_quit_and_refuses_bad_players(tmp_path) -> None:
    path = tmp_path / "g.json"
    runner = CliRunner()
    result = runner.invoke(
        cli.main,
        ["layout", "play", "--seed", "4", "--save", str(path)],
        input="moves\nhint\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "best first" in result.output and "hint:" in result.output
    assert f"--resume {path}" in result.output
    assert savefile.read("layout", path)[0]["players"] == ["human", "beam"]
    resumed = runner.invoke(cli.main, ["layout", "play", "--resume", str(path)], input="")
    assert resumed.exit_code == 0 and "Game saved" in resumed.output
    bad = runner.invoke(cli.main, ["layout", "play", "--players", "human,wizard"])
    assert bad.exit_code == 1 and bad.output.startswith("Error: unknown player 'wizard'")
    missing = runner.invoke(cli.main, ["layout", "play", "--resume", str(tmp_path / "x.json")])
    assert missing.exit_code == 1 and "no saved game" in missing.output


def test_play_json_plays_on_stderr_and_prints_the_finished_log(tmp_path) -> None:
    runner = CliRunner()
    args = ["layout", "play", "--players", "beam,greedy", "--seed", "5", "--json"]
    result = runner.invoke(cli.main, [*args, "--save", str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)
    assert replay(log)[0] and "beam plays card" in result.stderr
    stopped = runner.invoke(
        cli.main,
        ["layout", "play", "--json", "--save", str(tmp_path / "h.json")],
        input="quit\n",
    )
    assert stopped.exit_code == 0 and "Game saved" in stopped.stderr
    unfinished = json.loads(stopped.stdout)  # still one document, saying how it ended
    assert unfinished["ended"] == "unfinished" and unfinished["saved"] == str(tmp_path / "h.json")
    # The pack, the hands dealt and the seed stay hidden while the game goes on; the save
    # holds them sealed, and replay opens them.
    assert not set(session.HIDDEN) & set(unfinished)
    checked = runner.invoke(cli.main, ["layout", "replay", str(tmp_path / "h.json")])
    assert checked.exit_code == 0 and checked.output.startswith("unfinished")


def test_ctrl_c_mid_game_saves_every_finished_move(tmp_path, ctrl_c_after) -> None:
    """Ctrl-C at the person's second prompt: the moves made so far are in the save, and
    resuming replays them and goes on."""
    ctrl_c_after(["hint"])
    path = tmp_path / "g.json"
    result = CliRunner().invoke(cli.main, ["layout", "play", "--seed", "6", "--save", str(path)])
    assert result.exit_code == 130 and "Game saved to" in result.output
    assert "Traceback" not in result.output
    saved = savefile.read("layout", path)[0]
    assert len(saved["moves"]) == 1 and saved["moves"][0]["player"] == 1  # the bot's first
    assert len(session.load(path).log["moves"]) == 1


def test_the_first_hint_says_it_is_thinking_when_the_reader_is_not_loaded(monkeypatch) -> None:
    """A newcomer's first hint waited 11 s in silence while the reader compiled: line mode
    says so first, and only while the reader is not loaded."""
    from solver.layout.ui import lines

    class Typist:
        def __init__(self) -> None:
            self.typed = iter(["hint", "hint", "quit"])
            self.said: list[str] = []

        def ask(self, prompt: str, hidden: bool = False) -> str:
            return next(self.typed)

        def say(self, text: str) -> None:
            self.said.append(text)

        def show(self, view) -> None:
            pass

    loaded = iter([False, True])
    monkeypatch.setattr(lines, "reader_loaded", lambda: next(loaded))
    game = session.new_game(["human", "greedy"], 21, False)
    typist = Typist()
    with pytest.raises(EOFError):
        lines.person_turn(game, 0, typist)
    thinking = [s for s in typist.said if s.startswith("Thinking")]
    hints = [s for s in typist.said if s.startswith("hint:")]
    assert len(thinking) == 1 and len(hints) == 2
    assert typist.said.index(thinking[0]) < typist.said.index(hints[0])
