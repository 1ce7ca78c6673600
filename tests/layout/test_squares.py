"""Issue 14: square names that never move, a fresh seed shown and kept, verbs that agree
with "you", and a legend for the marks."""

import pytest
from click.testing import CliRunner

import cli
from solver.layout import session
from solver.layout.board import Layout
from solver.layout.deck import default_deck
from solver.layout.game import legal_plays, to_move
from solver.layout.moves import Knock, Play
from solver.layout.squares import Squares, column_index, column_letters, squares_for
from solver.layout.ui import display, lines, wording
from solver.runtime import savefile
from solver.runtime.errors import UserError


def test_a_card_laid_to_the_left_renames_no_square() -> None:
    """The bug: typed ``41 A2``, the card went to B2, because a card laid to the left of
    the layout shifted every name. Now a square's name is fixed for the whole game."""
    for seed in range(200):  # a game whose first move can go left of the centre card
        state = session.new_game(["human", "greedy"], seed, False)
        left = [(n, s) for n, s in legal_plays(state, to_move(state)) if s.position == (0, -1)]
        if left:
            break
    squares = session.squares(state)
    names_before = {p: squares.name(p) for p in [(0, 0), (0, 1), (-1, 0), (1, -1)]}
    number, spot = left[0]
    session.make_move(state, Play(number, spot))
    squares = session.squares(state)
    assert {p: squares.name(p) for p in names_before} == names_before
    assert squares.name((0, 0)) == "F6" and squares.name((0, -1)) == "E6"
    # and what is drawn: the column over the new card is E, over the centre card still F
    header = display.board_lines(
        state.layout, state.deck, display.frame_of(state.layout, squares), display.Marks()
    )[0].plain
    assert header.split() == ["D", "E", "F", "G"]


def test_the_square_a_person_types_is_where_the_card_goes() -> None:
    state = session.new_game(["greedy", "human"], 4, False)  # the person starts
    player = to_move(state)
    assert session.is_person(state, player)
    number, spot = legal_plays(state, player)[0]
    typed = f"{number} {session.squares(state).name(spot.position)}"
    parsed_number, parsed, _ = session.parse_play(state, player, typed)
    assert (parsed_number, parsed.position) == (number, spot.position)


def test_square_names_cover_every_reachable_place() -> None:
    basic = squares_for(False, 48)
    assert basic.name((-5, -5)) == "A1" and basic.name((5, 5)) == "K11"
    assert basic.position("f6") == (0, 0) and basic.position(" K11 ") == (5, 5)
    with pytest.raises(UserError, match="off the board"):
        basic.position("L6")
    with pytest.raises(UserError, match="not a square"):
        basic.position("6F")
    easy = squares_for(True, 48)
    assert easy.name((0, 0)) == "AV48"
    assert easy.position(easy.name((-47, 47))) == (-47, 47)
    for index in (0, 25, 26, 51, 52, 700):
        assert column_index(column_letters(index)) == index
    assert [column_letters(i) for i in (0, 25, 26, 27, 52)] == ["A", "Z", "AA", "AB", "BA"]
    assert Squares(2).size == 5


def test_an_old_log_replays_and_resumes_unchanged(tmp_path) -> None:
    """Positions in logs were always from the centre card: the fixed names are only how
    they are shown, so saved games and ``replay`` keep working."""
    path = tmp_path / "g.json"
    state = session.new_game(["human", "greedy"], 9, False)
    for _ in range(6):
        player = to_move(state)
        plays = legal_plays(state, player)
        move = Play(*plays[0]) if plays else Knock(state.hands[player][0])
        session.make_move(state, move)
    session.save(state, path)
    assert session.load(path).log == state.log
    result = CliRunner().invoke(cli.main, ["layout", "replay", str(path)])
    assert result.exit_code == 0 and result.output.startswith("unfinished")


def test_without_a_seed_each_game_draws_one_shows_it_and_keeps_it(tmp_path) -> None:
    runner = CliRunner()
    seeds_seen = set()
    for name in ("a", "b", "c"):
        path = tmp_path / f"{name}.json"
        result = runner.invoke(
            cli.main, ["layout", "play", "--plain", "--save", str(path)], input="quit\n"
        )
        assert result.exit_code == 0, result.output
        readable, sealed = savefile.read("layout", path)
        seed = sealed["seed"]  # sealed until the game is over: the seed deals the pack
        assert "seed" not in readable and "deck_order" not in readable
        assert f"seed {seed}" not in result.output
        assert session.load(path).log["seed"] == seed
        seeds_seen.add(seed)
    assert len(seeds_seen) > 1  # three draws below a million: alike only by a fluke
    again = runner.invoke(
        cli.main,
        ["layout", "play", "--plain", "--seed", str(seed), "--save", str(tmp_path / "d.json")],
        input="quit\n",
    )
    replayed = session.load(tmp_path / "d.json").log
    assert again.exit_code == 0 and replayed.pop("replay") is True  # a typed seed: a replay
    assert replayed == session.load(path).log


def test_solo_shows_its_fresh_seed_and_replays_it() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli.main, ["layout", "solo", "--player", "greedy", "--no-boards"])
    assert shown.exit_code == 0
    seed = int(shown.output.splitlines()[0].split()[-1])
    assert shown.output.startswith(f"replay this game with --seed {seed}")
    again = runner.invoke(
        cli.main, ["layout", "solo", "--player", "greedy", "--no-boards", "--seed", str(seed)]
    )
    assert again.output == shown.output


def test_verbs_agree_with_you() -> None:
    from solver.layout.moves import Knocked, Played

    squares = squares_for(False, 48)
    play = Played(0, 4, (0, 1), False, (), ("tall",), 3)
    knock = Knocked(0, 4)
    assert wording.describe_move(play, squares, "you").startswith("you play card 4 at G6")
    assert wording.describe_move(knock, squares, "you").startswith("you knock:")
    assert wording.describe_move(knock, squares, "beam").startswith("beam knocks:")
    assert wording.describe_move(play, squares, "greedy 2").startswith("greedy 2 plays")


def test_line_mode_explains_the_marks(tmp_path) -> None:
    for words in ("x2", "begin", "end them", "••", "keep their names"):
        assert words in lines.HELP
    result = CliRunner().invoke(
        cli.main,
        ["layout", "play", "--plain", "--seed", "4", "--save", str(tmp_path / "g.json")],
        input="help\nquit\n",
    )
    assert result.exit_code == 0
    assert "x2: a stack two high" in result.output  # under every board
    assert "right and bottom pairs begin words" in result.output  # help


def test_a_stack_shows_its_height() -> None:
    deck = default_deck()
    layout = Layout().place((0, 0), 1)
    for card in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        layout = layout.place((0, 0), card)
    squares = squares_for(False, 48)
    drawn = display.board_lines(layout, deck, display.frame_of(layout, squares), display.Marks())
    bottom = drawn[2 * display.HEIGHT].plain  # the centre card's bottom border
    assert "11┘" in bottom and all(len(line.plain) == len(drawn[0].plain) for line in drawn)
    two = Layout().place((0, 0), 1).place((0, 0), 2)
    drawn = display.board_lines(two, deck, display.frame_of(two, squares), display.Marks())
    assert "x2┘" in drawn[2 * display.HEIGHT].plain
