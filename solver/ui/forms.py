"""New-game forms: every option of a game's ``play`` command, on a form of the app.

Declared once. A game's form (``GameForm``, in ``solver/<game>/ui/form.py``) names its
``play`` command and, for each of its options, only a label: the choices, the default and
the help are read from the click option itself, and what the form holds is parsed by that
same command (``parse``), so the form and the CLI cannot drift apart: a seed that is not a
number, a window out of range, an unknown player are refused with the CLI's own one-line
error. The options a form leaves out (``--plain``, ``--json``...) are listed with the
reason, and a test fails when an option of a ``play`` command is neither on its form nor
listed (tests/shared/test_forms.py).

What a form held when its game started is remembered for that game's next form
(``forms.json`` in the data folder, beside ``settings.json``), but the seed: a seed replays
one game, and the next form draws a fresh one again. The file is read defensively: a
damaged or foreign file, or a value the option would refuse, gives the default.
"""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass, replace
from typing import Any

import click

FORMS = {  # the menu's key -> where its form is declared
    "deduce": "solver.deduce.ui.form:FORM",
    "race": "solver.race.ui.form:FORM",
    "layout": "solver.layout.ui.form:FORM",
    "assist": "solver.deduce.ui.form:ASSIST_FORM",
}
FORMS_FILE = "forms.json"
NOT_REMEMBERED = frozenset({"seed"})  # a seed replays one game, not every next one
LONGEST_TEXT = 1000  # a remembered text longer than this is not ours
SMALL_RANGE = 10  # a bounded whole number with at most this many values is a choice


@dataclass(frozen=True)
class Field:
    """An option of a game's ``play`` command on its form: the click parameter's name and
    the label the form shows; ``players``: where the game's ``plugins.Kind`` is
    (``module:attr``), for an option that names a player: the form offers the registered
    ones in a list beside the text (which takes anything the CLI takes: ``module:attr``,
    ``engine:COMMAND ARGS``...). ``language``: the option names a language of the toolkit,
    shown as a choice of those it has. ``many``: the text names several players,
    comma-separated, and the list adds one."""

    name: str
    label: str
    players: str | None = None
    language: bool = False
    many: bool = False  # the text holds several players, comma-separated: the list adds one


@dataclass(frozen=True)
class Skipped:
    """An option of a ``play`` command that its form leaves out, and why."""

    name: str
    reason: str


SKIPPED_ALWAYS = (
    Skipped("plain", "line mode: the app is the full screen"),
    Skipped("as_json", "line mode's output for programs: the app is for a person"),
)
SKIPPED_SAVES = (
    Skipped("save_path", "the app saves every game in the games folder (myword games)"),
    Skipped("resume_name", "the menu's Resume a saved game (r) resumes one"),
    Skipped("force", "goes with --save, which the app does not take"),
)


@dataclass(frozen=True)
class GameForm:
    """A game's new-game form: its ``play`` command (``module:attr``), how a person types
    it (``cli``, for the help), the function that starts the game from the command's parsed
    context (``start``, ``module:attr``: a ``click.Context`` -> a screen; a ``UserError``
    when it cannot), the fields in the order shown, and the options left out."""

    key: str
    title: str
    command: str
    cli: str
    start: str
    fields: tuple[Field, ...]
    skipped: tuple[Skipped, ...]

    def click_command(self) -> click.Command:
        return _attribute(self.command)

    def starter(self):
        return _attribute(self.start)


@dataclass(frozen=True)
class Control:
    """A field resolved against its click option: what the form draws and how it becomes
    the command's arguments. ``kind``: "choice" (a list), "flag" (a switch) or "text";
    ``default``: the option's, as the form holds it ("" for none); ``players``: the names a
    player field offers beside its text."""

    name: str
    label: str
    kind: str
    choices: tuple[str, ...]
    default: str | bool
    help: str
    flag: str
    players: tuple[str, ...] = ()
    many: bool = False

    @property
    def summary(self) -> str:
        """The help's first sentence: the form's one line under the label."""
        text = " ".join(self.help.split())
        cut = text.find(". ")
        return text if cut < 0 else text[: cut + 1]


def _attribute(path: str):
    module, attribute = path.split(":")
    return getattr(importlib.import_module(module), attribute)


def game_form(key: str) -> GameForm:
    return _attribute(FORMS[key])


def options_of(command: click.Command) -> dict[str, click.Option]:
    """The options of a command by their parameter's name (what its function receives)."""
    return {p.name: p for p in command.params if isinstance(p, click.Option) and p.name}


def controls(form: GameForm) -> tuple[Control, ...]:
    """The form's fields, each resolved against its option of the ``play`` command."""
    command = form.click_command()
    options = options_of(command)
    # the defaults as the command itself reads them when no option is given
    defaults = command.make_context(form.cli, []).params
    made = [
        _control(field, options[field.name], _shown(defaults[field.name])) for field in form.fields
    ]
    # The help is the command's, which names other options by their flags ("instead of the
    # bot of --difficulty"); on the form each is the field a person sees.
    labels = {control.flag: f'"{control.label}"' for control in made}
    return tuple(replace(c, help=_FLAG.sub(lambda m: labels.get(m[0], m[0]), c.help)) for c in made)


_FLAG = re.compile(r"--[a-z][a-z-]*")


def form_error(form: GameForm, error: click.UsageError) -> str:
    """A refusal of what the form holds in the form's words: the field's label where the
    command would name its flag (``Invalid value for '--turn-seconds': ...`` is
    ``"Seconds a turn": ...``)."""
    message = error.format_message()
    labels = {control.flag: control.label for control in controls(form)}
    flag = next((f for f in labels if f"'{f}'" in message or f" {f}:" in message), None)
    if flag is None:
        return message
    _, _, why = message.partition(":")
    return f"{labels[flag]}: {why.strip()}" if why else message.replace(flag, labels[flag])


def _shown(default: object) -> str | bool:
    """An option's default as the form holds it ("" for none)."""
    if isinstance(default, bool):
        return default
    if default is None or default == ():
        return ""
    if isinstance(default, float):
        return f"{default:g}"
    return str(default)


def _control(field: Field, option: click.Option, default: str | bool) -> Control:
    kind = "text"
    choices: tuple[str, ...] = ()
    kind_of = option.type
    if option.is_flag:
        kind = "flag"
    elif isinstance(kind_of, click.Choice):
        kind, choices = "choice", tuple(str(c) for c in kind_of.choices)
    elif (
        isinstance(kind_of, click.IntRange)
        and kind_of.min is not None
        and kind_of.max is not None
        and kind_of.max - kind_of.min < SMALL_RANGE
    ):
        kind, choices = "choice", tuple(str(n) for n in range(kind_of.min, kind_of.max + 1))
    elif field.language:
        from solver.wordtools.lexicon import LANGUAGES

        kind, choices = "choice", tuple(LANGUAGES)
    players: tuple[str, ...] = ()
    if field.players is not None:
        from solver.arena import plugins

        players = tuple(plugins.names(_attribute(field.players)))
    return Control(
        name=field.name,
        label=field.label,
        kind=kind,
        choices=choices,
        default=default,
        help=option.help or "",
        flag=max(option.opts, key=len),
        players=players,
        many=field.many,
    )


def arguments(shown: tuple[Control, ...], values: dict[str, str | bool]) -> list[str]:
    """The command's arguments for what the form holds: an option only where its value is
    not the default (as a person would type it, so that the command tells a given option
    from a default one, as ``layout play`` does with ``--players`` and ``--engine``)."""
    argv: list[str] = []
    for control in shown:
        value = values.get(control.name, control.default)
        if control.kind == "flag":
            if bool(value) != bool(control.default):
                argv.append(control.flag)
            continue
        text = str(value).strip()
        if text and text != control.default:
            argv += [control.flag, text]
    return argv


def parse(form: GameForm, argv: list[str]) -> click.Context:
    """The ``play`` command's context for these arguments, parsed by the command itself;
    what it refuses is a ``UserError`` with the CLI's own message (``Invalid value for
    '--seed': 'x' is not a valid integer.``)."""
    from solver.runtime.errors import UserError

    command = form.click_command()
    try:
        return command.make_context(form.cli, list(argv))
    except click.UsageError as error:  # BadParameter, a missing value, an unknown option
        raise UserError(form_error(form, error)) from None


def start(form: GameForm, values: dict[str, str | bool]):
    """The game's screen for what the form holds; a ``UserError`` (one line, as the CLI
    says it) when the command refuses it or the game cannot start."""
    context = parse(form, arguments(controls(form), values))
    with context:
        return form.starter()(context)


def check_engines(names: list[str]) -> None:
    """Each ``engine:COMMAND ARGS`` among ``names`` names a program that can be started,
    else a ``UserError`` in the words of the engine's own failure (``engine:x: cannot start
    'x': No such file or directory``). Why before the game: a game whose engine cannot
    start would begin and be won at once by forfeit, which a person who mistyped the
    command on a form does not want."""
    import os
    import shutil

    from solver.arena.seats import engine_command, is_engine
    from solver.runtime.errors import UserError

    for name in names:
        if not is_engine(name):
            continue
        program = engine_command(name)[0]
        found = shutil.which(program) if os.sep not in program else program
        if found is None or not os.path.isfile(found):
            raise UserError(f"{name.strip()}: cannot start {program!r}: No such file or directory")
        if not os.access(found, os.X_OK):
            raise UserError(f"{name.strip()}: cannot start {program!r}: Permission denied")


# -- remembered between games ----------------------------------------------------------


# The forms' file: each game's key and the values its form started with (``remember``).
# Parsed JSON, not checked whole: ``remembered`` checks each value of the game it reads
# (``_fits``), and the other games' are written back as they were read.
def _kept() -> dict[str, object]:
    from solver.runtime import savefile
    from solver.runtime.errors import UserError

    try:
        kept = json.loads((savefile.data_dir() / FORMS_FILE).read_text("utf-8"))
    except (OSError, ValueError, RecursionError, UserError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _fits(control: Control, option: click.Option, value: object) -> bool:
    """Whether a remembered value is one this form could hold and the option takes."""
    if control.kind == "flag":
        return isinstance(value, bool)
    if not isinstance(value, str) or len(value) > LONGEST_TEXT or not value.isprintable():
        return False
    if control.kind == "choice":
        return value in control.choices or (value == "" and control.default == "")
    if not value.strip():
        return True
    try:
        option.type.convert(value.strip(), option, None)
    except (click.BadParameter, ValueError, TypeError, OverflowError):
        return False
    return True


def remembered(form: GameForm, lang: str | None = None) -> dict[str, str | bool]:
    """What the form holds when it opens: the values its game last started with, each
    checked as the option would; the default where there is none or it does not fit; a
    language field with no remembered value takes ``lang`` (the app's setting)."""
    options = options_of(form.click_command())
    kept = _kept().get(form.key)
    kept = kept if isinstance(kept, dict) else {}
    values: dict[str, str | bool] = {}
    for control in controls(form):
        value: Any = kept.get(control.name)  # JSON as remembered: ``_fits`` checks it
        if control.name in NOT_REMEMBERED or not _fits(control, options[control.name], value):
            value = control.default
            if control.name == "lang" and lang in control.choices:
                value = lang
        values[control.name] = value
    return values


def remember(form: GameForm, values: dict[str, str | bool]) -> str | None:
    """Keep what a form started its game with, for that game's next form; the reason it
    could not be kept, if so (the game starts anyway)."""
    from solver.runtime.errors import UserError

    kept = _kept()
    kept[form.key] = {k: v for k, v in values.items() if k not in NOT_REMEMBERED}
    try:
        _write(kept)
    except (OSError, UserError) as error:
        return f"the form's choices not kept for next time: {error}"
    return None


# ``kept``: as ``_kept`` read it, with the game's values just remembered.
def _write(kept: dict[str, object]) -> None:
    """The file written whole or not at all (``durable``): a full disk or a crash leaves the
    choices of before, never half a file."""
    from solver.runtime import durable, savefile

    durable.write(json.dumps(kept, indent=1).encode("utf-8"), savefile.data_dir() / FORMS_FILE)


def forget_language() -> str | None:
    """Drop every form's remembered language: the app's language setting was changed, and
    every game's next form takes it."""
    from solver.runtime.errors import UserError

    kept = _kept()
    if not kept:
        return None
    for values in kept.values():
        if isinstance(values, dict):
            values.pop("lang", None)
    try:
        _write(kept)
    except (OSError, UserError) as error:
        return f"the forms' language not reset: {error}"
    return None
