"""What each game adds to the shared commands: the kernels and word tables ``myword warm``
prepares, the parts ``myword demo`` plays, and the review ``myword review`` reads.

Why: the shared modules (``warm.py``, ``demo.py``) once imported eleven and seven game
modules to name them, so the arrows of the house pointed up (issue 25). Now each game fills
this registry from its own ``register.py``, and the shared modules read it: the games import
this module, this module never imports a game. ``solver.ui.games`` imports the games' entries
(the one place that does), and a second process is told which modules registered
(``sources``) and imports the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Kernel:
    """One kernel to compile: called once on small real inputs through the wrapper the game
    calls (``warm.py``), in the language given.

    Attributes:
        name: The kernel's name within the game (``guess_statistics``; warm shows
            ``deduce.guess_statistics``).
        call: Calls the kernel once, given a language code (``en``, ``es``); what it
            returns is not used.
        in_demo: The demo's games call it, so it is compiled before the demo starts.
    """

    name: str  # within the game: "guess_statistics" (warm shows "deduce.guess_statistics")
    call: Callable[[str], object]
    in_demo: bool = False  # the demo's games call it: compiled before the demo starts


@dataclass(frozen=True)
class Table:
    """A word table a game keeps on disk, one per language and tier.

    Attributes:
        label: What warm calls it (``race word table``: warm shows ``race word table, en
            familiar``).
        build: Builds the table of ``(tier, lang)``, or reads it when it is built.
        where: The table's place on disk for ``(tier, lang)``; None when none can be
            kept.
        tiers: The tiers its players read (warm's default).
        demo_tiers: The tiers the demo's game reads.
    """

    label: str  # "race word table": warm shows "race word table, en familiar"
    build: Callable[[str, str], object]  # (tier, lang): builds it (or reads it when built)
    where: Callable[[str, str], Path | None]  # (tier, lang): its place, None: none can be kept
    tiers: Callable[[], Iterable[str]]  # the tiers its players read (warm's default)
    demo_tiers: Callable[[], Iterable[str]]  # the tiers the demo's game reads


@dataclass(frozen=True)
class DemoPart:
    """One part of ``myword demo``: ``play(seed, lang)`` gives its JSON-ready document,
    shown under ``key`` (``--json``) and drawn by ``show``.

    ``show`` is the drawing function's import path (``"solver.deduce.ui.demo:show_round"``,
    called with the console and the document), not the function: an engine never imports
    its front end, so the game's entry names it and the demo command imports it, as
    ``cli.py`` names its commands.

    Attributes:
        key: The part's key in the demo's JSON (``--json``).
        play: Plays the part, given a seed (None: drawn) and a language code; returns
            its JSON-ready document.
        show: The import path of the function that draws the document
            (``"module:function"``).
    """

    key: str
    play: Callable[[int | None, str], object]
    show: str

    def shown(self, console: object, document: object) -> None:
        """Draw the part's document on the console (importing its front end now).

        Args:
            console: The rich console to draw on.
            document: What ``play`` returned.

        Raises:
            ImportError: ``show``'s module cannot be imported.
            AttributeError: The module has no such function.
        """
        import importlib

        module, _, function = self.show.partition(":")
        getattr(importlib.import_module(module), function)(console, document)


@dataclass(frozen=True)
class Game:
    """A game's entry. ``rank`` orders the games (in warm's steps and the demo).

    Attributes:
        name: The game's package name (``deduce``).
        rank: Where the game comes among the games (smallest first).
        source: The module that registered it (a second process imports it again).
        kernel_module: The module of its kernels (``solver.deduce.kernels``), checked for
            where its kernels are cached.
        kernels: The kernels warm compiles.
        tables: The word tables warm builds.
        second_process: Warm compiles its kernels and builds its tables in a second
            process.
        demo: Its parts of ``myword demo``, in order.
        shown_words: The words the demo may show (no bot hides them), given a length in
            letters and a language code; None when any may be shown.
        review: The import path of the game's review (``"solver.deduce.review:review"``);
            "" when it has none.
        saves: The values of a save's ``game`` field that mark this game's saves.
    """

    name: str  # the package's name: "deduce"
    rank: int
    source: str  # the module that registered it (a second process imports it again)
    kernel_module: str  # "solver.deduce.kernels": checked for where its kernels are cached
    kernels: tuple[Kernel, ...] = ()
    tables: tuple[Table, ...] = ()
    second_process: bool = False  # warm compiles its kernels and builds its tables there
    demo: tuple[DemoPart, ...] = ()
    # Words the demo may show (no bot hides them), by length and language; None: any.
    shown_words: Callable[[int, str], Sequence[str]] | None = None
    # The import path of the game's review (``"solver.deduce.review:review"``), called
    # with a finished game's save (its readable part, its sealed part opened, and the
    # file's name) and giving a ``solver.arena.review.GameReview``; "" for none. A path,
    # as ``DemoPart.show``: registering imports nothing, ``myword review`` imports it.
    review: str = ""
    # The save's ``game`` field for this game's saves (``savefile.write``'s ``game``)
    saves: tuple[str, ...] = ()

    def reviewed(self, readable: object, sealed: object, source: str = "") -> object:
        """The review of a finished game saved by this game (importing its review now).

        Args:
            readable: The save's readable part.
            sealed: The save's sealed part, opened.
            source: The save's file name, kept in the review ("" when there is none).

        Returns:
            What the game's review returns: a ``solver.arena.review.GameReview``.

        Raises:
            ImportError: ``review``'s module cannot be imported.
            AttributeError: The module has no such function.
            ValueError: ``review`` is "": the game has no review.
        """
        import importlib

        module, _, function = self.review.partition(":")
        return getattr(importlib.import_module(module), function)(readable, sealed, source)

    @property
    def kernel_file(self) -> str:
        """``deduce/kernels.py``: the kernel module's file under solver/, whose contents
        key warm's stamps."""
        return self.kernel_module.removeprefix("solver.").replace(".", "/") + ".py"


_games: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add or replace a game's entry (a module imported again registers the same).

    Args:
        game: The entry, kept under its ``name``.
    """
    _games[game.name] = game


def games() -> tuple[Game, ...]:
    """Every registered game, by rank. Empty until the games are imported
    (``solver.ui.games.load``).

    Returns:
        The entries, smallest ``rank`` first.
    """
    return tuple(sorted(_games.values(), key=lambda game: game.rank))


def demo_parts() -> tuple[DemoPart, ...]:
    """Every registered game's demo parts, in the games' order.

    Returns:
        The parts, each game's in its own order.
    """
    return tuple(part for game in games() for part in game.demo)


def saved_as(kind: str) -> Game | None:
    """The game whose saves are marked ``kind`` (the save's ``game`` field), or None.

    Args:
        kind: A save's ``game`` field.

    Returns:
        The first game by rank whose ``saves`` hold ``kind``; None when no game's do.
    """
    return next((game for game in games() if kind in game.saves), None)


def sources() -> tuple[str, ...]:
    """The modules that registered the games: importing them again (in another process)
    fills the registry the same.

    Returns:
        The modules' names, by the games' rank.
    """
    return tuple(game.source for game in games())


def shown_words(length: int, lang: str) -> Sequence[str] | None:
    """The words the demo may show: those every game allows (None: no game restricts).

    Args:
        length: Letters in the word.
        lang: A language code (``en``, ``es``).

    Returns:
        The words every game that restricts them allows, in the first such game's order;
            None when no game restricts them.
    """
    allowed = [game.shown_words(length, lang) for game in games() if game.shown_words]
    if not allowed:
        return None
    first, *others = allowed
    if not others:
        return first
    kept = [set(other) for other in others]
    return [word for word in first if all(word in other for other in kept)]
