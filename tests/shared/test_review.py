"""The shared shape of a review (``solver.arena.review``): turning points, totals, seats."""

import pytest

from solver.arena.review import GameReview, ReviewedMove


def game(costs: list[tuple[int, float]]) -> GameReview:
    """A review whose moves cost as given: (seat, cost) in the order played."""
    moves = tuple(
        ReviewedMove(i, seat, f"turn {i + 1}", "A", "B", 100.0, 100.0 + cost)
        for i, (seat, cost) in enumerate(costs)
    )
    return GameReview("toy", "Toy", ("you", "bot"), 0, (500, 300), "points", moves)


def test_turning_points_are_the_three_costliest_ties_in_order() -> None:
    found = game([(0, 5), (1, 50), (0, 20), (0, 20), (0, 0), (0, 30), (0, 20)])
    assert [m.index for m in found.turning_points(0)] == [5, 2, 3]
    assert [m.index for m in found.turning_points(None)] == [1, 5, 2]
    assert [m.index for m in found.turning_points(1)] == [1]


def test_moves_that_cost_nothing_are_never_turning_points() -> None:
    found = game([(0, 0), (0, -40), (0, 10)])
    assert [m.index for m in found.turning_points(0)] == [2]
    assert found.cost(0) == 10 and found.best_possible(0) == 510
    assert found.share(0) == pytest.approx(500 / 510)


def test_a_seat_is_named_by_number_or_player() -> None:
    found = game([(0, 1)])
    assert found.seat_named("1") == 0 and found.seat_named("BOT") == 1
    for wrong in ("3", "0", "nobody"):
        with pytest.raises(ValueError, match="choose 1 \\(you\\), 2 \\(bot\\) or all"):
            found.seat_named(wrong)


def test_the_json_gives_every_seat_and_the_chosen_moves() -> None:
    found = game([(0, 5), (1, 50), (0, 20)])
    document = found.to_json(0)
    assert [m["index"] for m in document["moves"]] == [0, 2]
    assert [m["index"] for m in document["turning_points"]] == [2, 0]
    assert document["seats"][1] == {
        "seat": 1,
        "player": "bot",
        "total": 300,
        "cost": 50.0,
        "best_possible": 350.0,
        "share": round(300 / 350, 4),
        "turning_points": [1],
    }
    assert document["moves"][1]["cost"] == 20.0


async def test_the_app_says_in_one_line_why_a_game_has_no_review(tmp_path, until) -> None:
    """Pilot: asked to review an unfinished game, the app says why and stays where it was."""
    from solver.deduce import session
    from solver.ui.app import MenuScreen, MywordApp

    path = tmp_path / "unfinished.json"
    session.save(session.new_game(session.Settings(seed=5)), path)
    app = MywordApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_review(path)

        def said() -> bool:
            return any("is not finished" in str(n.message) for n in app._notifications)

        await until(pilot, said, "the error's note")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("game", ["deduce", "race", "layout"])
def test_every_figure_a_review_shows_beside_a_move_is_explained(game: str) -> None:
    """My Word (1980)'s review showed "most 16" beside each move with no word of what it
    was (found by a newcomer's session): each game's measure names each figure it shows."""
    import importlib

    module = importlib.import_module(f"solver.{game}.review")
    assert module.SHOWN
    for _, heading in module.SHOWN:
        word = next(w for w in heading.split() if w not in ("{}", "s"))
        assert f"; {word}: " in module.MEASURE, (word, module.MEASURE)


def test_a_seat_is_named_as_the_screens_call_it() -> None:
    """`--seat "beam 2"` was refused although `layout replay` and the screens call the
    second beam so, and a race's bot answered only to "Edie (beginner)" (found by a
    newcomer's session)."""
    two = GameReview("toy", "Toy", ("beam", "beam", "greedy"), None, (1, 2, 3), "points", ())
    assert [two.seat_named(n) for n in ("beam 1", "Beam 2", "greedy", "greedy 3")] == [0, 1, 2, 2]
    with pytest.raises(ValueError, match="'beam' names more than one seat"):
        two.seat_named("beam")
    race = GameReview("toy", "Toy", ("you", "Edie (beginner)"), 0, (1, 2), "points", ())
    assert race.seat_named("edie") == race.seat_named("Edie (beginner)") == 1
    with pytest.raises(ValueError, match="is no seat of this game"):
        race.seat_named("beginner")
