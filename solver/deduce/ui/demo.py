"""What's My Word?'s parts of ``myword demo``, drawn (``register.py`` names them)."""

from __future__ import annotations

from solver.deduce.ui.display import sheet_table


def show_round(out, game: dict) -> None:
    """The bot's round against a hidden word: its sheet and its score."""
    out.rule("What's My Word?: the bot finds a hidden word, hearing only the scores")
    out.print(sheet_table(game))
    first = ", ".join(f"{row['guess'].upper()} {row['score']}" for row in game["rows"][:2])
    out.print(
        f"{game['total']:,} points; knowing the word one could score {game['oracle']:,}. "
        f'Advice after its first two rows: myword deduce advise --history "{first}"'
    )


def show_match(out, match: dict) -> None:
    """A whole bot match: each round's words and scores, the grand totals."""
    out.rule("Bot against bot: a whole game, lookahead (Purple) v points (Red)")
    for each in match["rounds"]:
        out.print(
            f"{each['length']} letters: Purple hid {each['purple_word'].upper()}, Red hid "
            f"{each['red_word'].upper()}; Purple scored {each['purple']:,}, Red {each['red']:,}"
        )
    purple, red = match["purple"], match["red"]
    winner = "Purple wins" if purple > red else "Red wins" if red > purple else "A tie"
    out.print(f"Grand totals: Purple {purple:,}, Red {red:,}. {winner}.")
    out.print("Play the bot yourself: myword deduce play")
