"""The browser path, end to end: ``myword serve`` serves the app, headless Chromium (Debian's
``chromium`` package) loads it, keys typed in the page reach the app, and the app acts on
them (the settings it saves land on disk, and so does what a game's new-game form held).

Chromium is driven by Playwright (its Python async API; the driver comes in the playwright
wheel), launched from the machine's own Chromium (``executable_path``): no ``playwright
install``, no browser download. Without Chromium or Playwright it skips, unless
``MYWORD_REQUIRE_BROWSER=1`` (CI sets it after installing Chromium), where it fails.
``MYWORD_SCREENSHOTS=folder`` keeps its screenshots (the README's come from there).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

try:
    from playwright.async_api import async_playwright
except ImportError:  # the test group not installed: skipped, or failed when required
    async_playwright = None

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# Playwright's names of the keys the test types (anything else is typed as text).
KEYS = {
    "tab": "Tab",
    "enter": "Enter",
    "down": "ArrowDown",
    "escape": "Escape",
    "up": "ArrowUp",
    "ctrl+s": "Control+s",
}
# textual-serve marks the page once the app's first bytes arrive; keys go to xterm.js's
# hidden text area.
FIRST_BYTE = "document.body && document.body.classList.contains('-first-byte')"
FOCUS = (
    "(() => { const t = document.querySelector('.xterm-helper-textarea');"
    " if (t) { t.focus(); return true } return false })()"
)
GAMES = (  # menu downs, the keys typed on its new-game form before ctrl+s starts it (each
    # with what the app paints once it has them: the field with the focus, the text typed),
    # screenshot, what its first screen draws, then each move and what it draws once the app
    # has taken it (a Gameword and a Guessword and the hints; a bot's claim; a hinted play)
    (
        0,
        (),
        "whats-my-word",
        "type, then Enter",
        (
            (("planet", "enter"), "your 2-letter Guessword"),
            (("so", "enter"), "your 3-letter Guessword"),
            (("!",), "alphabet"),
        ),
    ),
    # MY WORD! as its form opens (the defaults, auto bots)
    (1, (), "my-word-race", "Cards won", (((), "(+"),)),
    # against the greedy bot (the form's first field, its text selected, typed over: the
    # command's default, beam, thinks for seconds before it starts); the keys wait for "your
    # turn", drawn once no bot is thinking (the bot may move first: keys typed while it
    # thinks are answered "wait: a bot is thinking", and CI's run once lost its hint so);
    # enter plays the hint, or asks for the word it makes against symbols
    (
        2,
        ((("human,greedy",), "greedy"),),
        "my-word-1980",
        "your turn",
        ((("1", "h"), "hint:"), (("enter",), "enter: |plays card")),
    ),
)


def _browser() -> str | None:
    """The Chromium to launch; None (the test skips) without one, or without Playwright,
    unless ``MYWORD_REQUIRE_BROWSER=1``, where the test fails."""
    required = os.environ.get("MYWORD_REQUIRE_BROWSER") == "1"
    if async_playwright is None:
        if required:
            pytest.fail("MYWORD_REQUIRE_BROWSER=1 but no Playwright: pip install -e . --group test")
        return None
    found = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    if found is None and required:
        pytest.fail("MYWORD_REQUIRE_BROWSER=1 but no Chromium: apt install chromium")
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# A condition not met by then is a hang, not a slow machine: the test waits for what the
# app draws, never for a time.
HANG_SECONDS = 300.0
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\\\)|[@-Z\\-_])")


class Page:
    """One Chromium tab, driven by Playwright.

    What the app draws reaches the page as websocket frames (textual-serve sends the
    terminal's bytes, in binary frames; its text frames are pings and pongs): Playwright
    hands each frame to the test as it comes (``framereceived``), which keeps their text,
    escape sequences removed, so that the test can wait until the app has drawn a phrase:
    the canvas xterm.js paints on has no text to read. Each frame wakes the waits.

    Only the newest socket's frames count: a fresh load's app is a new process on a new
    socket, and the old app may still draw as its page goes (the menu, repainted as the tab
    loses focus). CI once matched "Resume a saved game" in the old app's last frames and
    typed enter before the new app had drawn its menu: the key was lost (two hangs of 300 s
    on clean clones)."""

    def __init__(self, page) -> None:
        self.page = page
        self.drawn = ""  # the app's text since the last mark()
        self.painted = ""  # the same with its escape sequences (colours, the cursor)
        self.raw = b""  # bytes of a character split between two frames
        self.sent: list[str] = []  # what the page sent the app since the last mark()
        self.socket = None  # the newest websocket: the app the page shows
        self.changed = asyncio.Event()
        page.on("websocket", self._watch)

    def _watch(self, socket_) -> None:
        self.socket = socket_
        self.raw = b""
        socket_.on("framereceived", lambda payload: self._take(socket_, payload))
        socket_.on("framesent", lambda payload: self.sent.append(str(payload)[:80]))

    def _take(self, socket_, payload: str | bytes) -> None:
        if socket_ is not self.socket:  # an app whose page has gone
            return
        if isinstance(payload, str):  # a text frame: a ping or a pong
            return
        self.raw += payload
        text = self.raw.decode("utf-8", errors="ignore")
        self.raw = b"" if text.encode("utf-8") == self.raw else self.raw[-3:]
        self.drawn += ESCAPES.sub("", text)
        self.painted += text
        self.changed.set()

    def mark(self) -> None:
        """Forget what was drawn so far: the next wait looks only at what comes after."""
        self.drawn = self.painted = ""
        self.sent = []

    async def _until(self, condition, what) -> None:
        """Wait until ``condition()`` holds, looked at again as each frame comes."""
        end = time.monotonic() + HANG_SECONDS
        while not condition():
            self.changed.clear()
            left = end - time.monotonic()
            try:
                await asyncio.wait_for(self.changed.wait(), max(left, 0.001))
            except TimeoutError:
                if not condition():
                    raise AssertionError(what()) from None

    async def painted_like(self, pattern: str) -> None:
        """Wait until what was painted since the last mark() matches ``pattern``."""
        await self._until(
            lambda: re.search(pattern, self.painted), lambda: f"never painted: {pattern}"
        )

    async def drawn_text(self, *phrases: str) -> None:
        """Wait until the app has drawn every phrase since the last mark() (``a|b``: either
        a or b)."""
        await self._until(
            lambda: all(any(p in self.drawn for p in phrase.split("|")) for phrase in phrases),
            lambda: f"never drawn: {phrases}; sent: {self.sent[-20:]}; drawn: {self.drawn[-2000:]}",
        )

    async def open(self, url: str) -> None:
        """Load the app (a fresh one each time) and wait for its first bytes; what the page
        drew before is forgotten."""
        self.socket = None  # the old app's frames no longer count, even before the new socket
        self.mark()
        await self.page.goto(url)
        await self.page.wait_for_function(FIRST_BYTE)

    async def evaluate(self, expression: str):
        return await self.page.evaluate(expression)

    async def type(self, *keys: str) -> None:
        """Each key: a name from KEYS, or characters typed one by one."""
        for key in keys:
            if key in KEYS:
                await self.page.keyboard.press(KEYS[key])
            else:
                await self.page.keyboard.type(key)

    async def screenshot(self, name: str, folder: Path) -> Path:
        path = folder / f"{name}.png"
        await self.page.screenshot(path=path)
        return path


@contextlib.asynccontextmanager
async def chromium_page(browser: str) -> AsyncIterator[Page]:
    """A tab of ``browser`` (headless, launched by Playwright), 1280 x 657: the size of the
    README's screenshots (taken before in a 1280 x 800 headless window, less its frame)."""
    assert async_playwright is not None
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(
            executable_path=browser,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],  # CI runs as root
        )
        try:
            page = await chromium.new_page(viewport={"width": 1280, "height": 657})
            page.set_default_timeout(HANG_SECONDS * 1000)
            yield Page(page)
        finally:
            await chromium.close()


async def _settled_folder(folder: Path, count: int) -> list[str]:
    """The names of the JSON files in ``folder`` once there are ``count`` of them."""
    end = time.monotonic() + HANG_SECONDS
    while len(names := [path.name for path in folder.glob("*.json")]) < count:
        assert time.monotonic() < end, f"{folder} holds {names}"
        await asyncio.sleep(0.05)  # how often to look, not how long to wait
    return names


async def _settled_file(path: Path, condition) -> dict:
    """The JSON file once it exists and ``condition(document)`` holds."""
    end = time.monotonic() + HANG_SECONDS
    while True:
        try:
            document = json.loads(path.read_text("utf-8"))
            if condition(document):
                return document
        except (OSError, ValueError):
            pass
        assert time.monotonic() < end, f"{path} never held what was typed"
        await asyncio.sleep(0.05)  # how often to look, not how long to wait


@pytest.fixture
def served(tmp_path, monkeypatch):
    """``myword serve`` on a free port, its data folder a fresh one."""
    data = tmp_path / "data"
    port = _free_port()
    env = os.environ | {"MYWORD_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        # The address with its token, as printed (the server listens once it has printed it).
        line = server.stdout.readline()
        assert line.startswith("Open http://127.0.0.1:"), line + server.stdout.read()
        url = line.split()[1]
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                time.sleep(0.2)
        yield url, data
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


async def _drive(browser: str, url: str, data: Path, shots: Path) -> None:
    async with chromium_page(browser) as page:
        await page.open(url)
        await page.drawn_text("Resume a saved game", "n New game")
        await page.screenshot("menu", shots)
        assert await page.evaluate(FOCUS)
        # The settings screen, typed in the page: a tab from the language's list to Save,
        # enter: the language is kept.
        page.mark()
        await page.type("s")
        await page.drawn_text("Language of the words")
        await page.screenshot("settings", shots)
        page.mark()
        await page.type("tab", "enter")
        await page.drawn_text("(s: settings)")
        settings = await _settled_file(data / "settings.json", bool)
        assert settings == {"lang": "en"}
        # Each game, opened from the menu in a fresh load (a fresh app), played a little.
        for downs, on_form, name, opened, moves in GAMES:
            await page.open(url)
            await page.drawn_text("Resume a saved game")
            assert await page.evaluate(FOCUS)
            page.mark()
            await page.type(*["down"] * downs, "enter")
            await page.drawn_text("New game:", "Start")  # the game's new-game form
            for keys, painted in on_form:
                page.mark()
                await page.type(*keys)
                await page.painted_like(painted)
            await page.screenshot(f"{name}-form", shots)
            page.mark()
            await page.type("ctrl+s")
            await page.drawn_text(opened)  # the first screen (a bot may move first)
            for keys, drawn in moves:
                page.mark()
                await page.type(*keys)
                await page.drawn_text(drawn)
            await page.screenshot(name, shots)
        saved = await _settled_folder(data / "games", 2)
        assert sorted(name.split("-")[0] for name in saved) == ["deduce", "layout"]
        # what each form started its game with, remembered: the seats typed
        held = await _settled_file(data / "forms.json", lambda kept: len(kept) == 3)
        assert held["layout"]["players"] == "human,greedy"
        assert held["race"]["level"] == "auto" and held["deduce"]["colour"] == "purple"


@pytest.mark.heavy  # a whole game or program: CI's second step (pytest -m heavy)
def test_the_app_plays_in_a_browser(served, tmp_path) -> None:
    browser = _browser()
    if browser is None:
        pytest.skip("no Chromium (apt install chromium)")
    url, data = served
    kept = os.environ.get("MYWORD_SCREENSHOTS")
    shots = Path(kept) if kept else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(_drive(browser, url, data, shots))
    menu = (shots / "menu.png").read_bytes()
    assert menu.startswith(b"\x89PNG") and len(menu) > 10_000  # drawn, not a blank page
