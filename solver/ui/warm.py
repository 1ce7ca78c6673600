"""``myword warm``: compile the kernels and build the tables now (``solver.ui.warming``), with a
progress bar naming each; the demo runs the same before it starts."""

from __future__ import annotations

import time

import click

from solver.ui.options import JSON_OPTION


@click.command()
@click.option(
    "--lang",
    "langs",
    type=click.Choice(["en", "es"], case_sensitive=False),
    multiple=True,
    help="Build the tables of this language only (repeat for both; default: both).",
)
@JSON_OPTION
def warm(langs: tuple[str, ...], as_json: bool) -> None:
    """Compile every kernel and build every word table now, so no game waits for them.

    A fresh install (or a new version) compiles each kernel at its first use, seconds
    each; run this once after installing. Quiet and quick when everything is ready. A step
    that fails is named on one line (with --json, in each step's "error" too) and the exit
    status is 1; the other steps are still done."""
    from solver.ui import games, render, warming

    games.load()  # the games fill the registry of kernels and tables
    chosen = langs or warming.LANGS
    started = time.perf_counter()
    outcomes = with_progress(warming.steps(chosen), chosen[0], transient=as_json)
    report = warming.summary(outcomes, time.perf_counter() - started)
    if as_json:
        render.emit_json(report)
    elif report["compiled"] or report["built"]:
        render.console().print(
            f"Compiled {report['compiled']} kernels and built {report['built']} tables "
            f"in {report['wall_seconds']:.1f} s."
        )
    failed = [outcome for outcome in outcomes if outcome.error is not None]
    if failed:
        raise click.ClickException(failure_line(failed, len(outcomes)))


def failure_line(failed: list, steps: int) -> str:
    """The failed steps in one line: the first with its error, the others by name (the
    --json document gives each one's error)."""
    first, *others = failed
    line = f"warm-up failed at {len(failed)} of {steps} steps: {first.name}: {first.error}"
    if others:
        line += f"; and at {', '.join(outcome.name for outcome in others)}"
    return line


def with_progress(steps: list, lang: str = "en", transient: bool = False) -> list:
    """Run the warming steps with a progress bar on stderr that appears only when a step
    has work to do (a compile or a table to build), naming the piece being worked on."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from solver.ui import render, warming

    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=render.console(stderr=True),
        transient=transient,
    )
    task = None
    done = 0  # steps finished so far (they need not finish in the list's order)
    failed = 0  # steps that failed: never counted done

    def working(index: int, step) -> None:
        nonlocal task
        verb = "compiling" if step.kind == "kernel" else "building"
        if task is None:
            progress.start()
            task = progress.add_task("", total=len(steps), completed=done)
        progress.update(task, description=f"Warming up: {verb} {step.name}")

    def finished(index: int, outcome) -> None:
        nonlocal done, failed
        if outcome.error is not None:
            failed += 1
            return
        done += 1
        if task is not None:
            progress.update(task, completed=done)

    try:
        return warming.run(steps, working, finished, lang)
    finally:
        if task is not None:  # never started, the bar would still print an empty line
            ended = "Warmed up: kernels compiled, tables built"
            if failed:
                ended = f"Warm-up failed at {failed} of {len(steps)} steps"
            elif done < len(steps):  # interrupted
                ended = f"Warm-up stopped: {done} of {len(steps)} steps done"
            progress.update(task, description=ended)
            progress.stop()
