"""Fixtures every test folder may use."""

import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

# How long a condition may take before a test calls it a hang. Generous on purpose: a test
# waits for a condition, never for a time, and a loaded machine is slow, not wrong.
HANG_SECONDS = 300.0


async def wait_until(pilot, condition: Callable[[], object], what: str = "it") -> None:
    """Let the app run until ``condition()`` holds: the way a Pilot test waits for what a
    key press starts (a timer, a worker, a screen pushed later), instead of a fixed pause
    that a busy machine outlasts."""
    end = time.monotonic() + HANG_SECONDS
    await pilot.pause()
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        await pilot.pause(0.02)


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches the games the tests start. A shell without job control starts a
    background job with SIGINT ignored, and an ignored signal is inherited: every game a
    test started would ignore the Ctrl-C it sends (a test of Ctrl-C then fails after its
    wait, for the way pytest was started, not for myword)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def until():
    """``await until(pilot, lambda: ..., "what")``: see ``wait_until``."""
    return wait_until


@pytest.fixture
def ctrl_c_after(monkeypatch):
    """Script the terminal: ``ctrl_c_after(["ballet", "re"])`` makes the console answer
    those lines, then press Ctrl-C at the next prompt."""
    from solver.ui import terminal

    def script(lines: list[str]) -> None:
        answers = iter(lines)

        def ask(self, prompt: str, hidden: bool = False) -> str:
            try:
                return next(answers)
            except StopIteration:
                raise KeyboardInterrupt from None

        monkeypatch.setattr(terminal.PromptConsole, "ask", ask)

    return script


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Saved games and their key go to a folder of the test session's own, never to the
    user's data folder."""
    monkeypatch.setenv("MYWORD_DATA_DIR", str(tmp_path_factory.mktemp("data")))


def _seed_tables(private: Path, configured: str | None) -> None:
    """The session's table folder starts as a copy of the tables myword has built where
    it keeps them (``myword warm`` builds all 18 before CI's suite; building them again
    cost the suite's workers some 19 s), which are read, never written. A table is named
    by a hash of its sources and format, and every process checks its checksums when it
    opens one, so a stale or damaged copy is never used; a table not there is built as
    before. Once per session: the first worker copies while the others wait on the lock."""
    import shutil

    from filelock import FileLock
    from platformdirs import user_cache_dir

    from solver.runtime import cachedir

    if configured:
        built = Path(configured) / "tables"
    else:
        built = Path(user_cache_dir("myword")) / cachedir.version() / "tables"
    with FileLock(str(private) + ".lock"):
        if private.exists():
            return  # seeded by another worker
        scratch = private.with_name("tables.seeding")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        for table in sorted(built.glob("*/checksums.json")) if built.is_dir() else ():
            shutil.copytree(table.parent, scratch / table.parent.name)
        scratch.rename(private)


@pytest.fixture(autouse=True, scope="session")
def private_table_cache(tmp_path_factory):
    """Word tables (``solver.runtime.tables``) are built into a folder of the test session's own,
    once per session, never into the user's cache. The processes of one run (pytest-xdist's
    workers) share it: a table one of them built (Spanish: seconds) is read by the others
    (tables are written to a scratch folder and renamed into place, so two writers are
    safe)."""
    import os

    previous = os.environ.get("MYWORD_CACHE_DIR")
    root = tmp_path_factory.getbasetemp()
    shared = (root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root) / "table-cache"
    shared.mkdir(exist_ok=True)
    _seed_tables(shared / "tables", previous)
    os.environ["MYWORD_CACHE_DIR"] = str(shared)
    yield
    if previous is None:
        os.environ.pop("MYWORD_CACHE_DIR", None)
    else:
        os.environ["MYWORD_CACHE_DIR"] = previous


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch):
    """The input line's cursor does not blink in tests: a snapshot taken half a second
    later (a slow machine, a busy CI) caught it hidden, and a snapshot failed."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


# Peak memory of each test process, reported at the end of a run: the suite runs on CI
# machines of a few GB, across every core, so no process may pass PEAK_MB_LIMIT (it once
# peaked at 1.37 GB in one process).
PEAK_MB_LIMIT = 1024


def _peak_mb() -> int:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # Linux: kB


_grown_in = {"test": "start-up", "mb": 0}  # the test during which this process's peak last rose


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    result = yield
    peak = _peak_mb()
    if peak > _grown_in["mb"]:
        _grown_in.update(test=item.nodeid, mb=peak)
    if _resident_mb() > RELEASE_ABOVE_MB:
        release_caches(collect=True)
    elif nextitem is None or nextitem.path != item.path:
        release_caches()
    return result


# A process past this many MB after a test releases the caches then, not only as its file
# ends: one file of the Spanish 'all' kernel tests, bounds-checked, rose to 1,046 MB.
RELEASE_ABOVE_MB = 600


def _resident_mb() -> int:
    """This process's memory now (Linux; 0 elsewhere: caches then go as each file ends)."""
    import os

    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE") // 2**20


def release_caches(collect: bool = False) -> None:
    """Forget what the package keeps for the rest of a process (word lists, frequency
    tables, word tables: ``functools.cache``), and hand the freed memory back, as a test
    file ends. A process of the suite runs tests of every game in both languages: kept, the
    caches of all of them added up past 1 GB (Spanish alone: the lists 124 MB, the
    frequencies 89 MB, wordfreq's buckets 132 MB); released, a process holds what one file
    needs. Tables come back from the disk cache, memory-mapped.

    What a cache held is freed as it is cleared (no cycles: arrays, lists, dicts); a full
    garbage collection (``collect``) only when the process is past ``RELEASE_ABOVE_MB``.
    One at every file's end cost 0.27 s each over a heap of Numba's and Textual's
    objects, some 14 s of each worker's time, and freed nothing the peaks show."""
    import contextlib
    import ctypes
    import gc
    import sys

    for name, module in list(sys.modules.items()):
        if name == "solver" or name.startswith("solver."):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_info") and hasattr(value, "cache_clear"):
                    value.cache_clear()
    if collect:
        gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to trim
        ctypes.CDLL("libc.so.6").malloc_trim(0)  # glibc keeps freed blocks otherwise


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: tell the controller
        workeroutput["peak_mb"] = _peak_mb()
        workeroutput["peak_test"] = _grown_in["test"]


def pytest_testnodedown(node, error) -> None:
    peaks = node.config.stash.setdefault(_PEAKS, {})
    output = node.workeroutput
    peaks[node.gateway.id] = (output.get("peak_mb", 0), output.get("peak_test", "?"))


_PEAKS = pytest.StashKey[dict]()


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    peaks = config.stash.get(_PEAKS, {}) or {"main": (_peak_mb(), _grown_in["test"])}
    terminalreporter.write_line("peak memory per test process (and the test it rose in last):")
    for name, (mb, test) in sorted(peaks.items()):
        terminalreporter.write_line(f"  {name} {mb:,} MB ({test})")
    for name, (mb, test) in sorted(peaks.items()):
        if mb > PEAK_MB_LIMIT:
            terminalreporter.write_line(
                f"{name} passed the {PEAK_MB_LIMIT:,} MB a test process may use, in {test}",
                red=True,
            )


def assert_in_view(screen, *selectors: str) -> None:
    """Each widget is shown whole without scrolling: displayed, inside the screen, inside
    every container round it (none cuts it off), and every scrolling container round it
    at its start (a person sees it as the screen opens, no scroll bar moved)."""
    for selector in selectors:
        widget = screen.query_one(selector)
        region = widget.region
        assert widget.display and region.area, f"{selector} is not shown"
        assert screen.region.contains_region(region), f"{selector} at {region} is off screen"
        for container in widget.ancestors:
            if container is screen:
                break
            where = f"{selector} at {region} is cut by {container} at {container.region}"
            assert container.region.contains_region(region), where
            assert container.scroll_offset == (0, 0), f"{container} is scrolled"


@pytest.fixture
def in_view():
    """``in_view(screen, "#sheets", ...)``: see ``assert_in_view``."""
    return assert_in_view
