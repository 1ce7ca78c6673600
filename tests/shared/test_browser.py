"""The browser path, end to end: ``myword serve`` serves the app, headless Chromium (Debian's
``chromium`` package) loads it, keys typed in the page reach the app, and the app acts on
them (the settings it saves land on disk, and so does what a game's new-game form held).

Chromium is driven through its DevTools protocol over a websocket (aiohttp, which
textual-serve already brings), so the test needs no browser-automation package. Without
Chromium it skips, unless ``MYWORD_REQUIRE_BROWSER=1`` (CI sets it after installing
Chromium), where it fails. ``MYWORD_SCREENSHOTS=folder`` keeps its screenshots (the README's
come from there).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
KEYS = {  # key: (code, Windows virtual key code, text typed)
    "tab": ("Tab", 9, ""),
    "enter": ("Enter", 13, "\r"),
    "down": ("ArrowDown", 40, ""),
    "escape": ("Escape", 27, ""),
    "up": ("ArrowUp", 38, ""),
}
CONTROL = {"ctrl+s": ("s", "KeyS", 83)}  # key: (key name, code, virtual key) held with Ctrl
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
    # command's default, beam, thinks for seconds before it starts); enter plays the hint, or
    # asks for the word it makes against symbols
    (
        2,
        ((("human,greedy",), "greedy"),),
        "my-word-1980",
        "your hand",
        ((("1", "h"), "hint:"), (("enter",), "enter: |plays card")),
    ),
)


def _character(c: str) -> tuple[str, int, str]:
    """A printable key as a keyboard sends it: its code (KeyA, Digit4) and virtual key."""
    if c.isdigit():
        return f"Digit{c}", ord(c), c
    if c.isalpha():
        return f"Key{c.upper()}", ord(c.upper()), c
    return "", 0, c


def _browser() -> str | None:
    found = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    if found is None and os.environ.get("MYWORD_REQUIRE_BROWSER") == "1":
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
    """One Chromium tab, driven over the DevTools protocol.

    What the app draws reaches the page as websocket frames (textual-serve sends the
    terminal's bytes); the page keeps their text, escape sequences removed, so that the
    test can wait until the app has drawn a phrase: the canvas the terminal paints on has
    no text to read."""

    def __init__(self, socket_) -> None:
        self.socket = socket_
        self.calls = 0
        self.drawn = ""  # the app's text since the last mark()
        self.painted = ""  # the same with its escape sequences (colours, the cursor)
        self.raw = b""  # bytes of a character split between two frames

    async def call(self, method: str, **params):
        self.calls += 1
        ask = self.calls
        await self.socket.send_json({"id": ask, "method": method, "params": params})
        while True:
            message = await self.socket.receive_json(timeout=HANG_SECONDS)
            if message.get("id") == ask:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._take(message)

    def _take(self, message: dict) -> None:
        if message.get("method") != "Network.webSocketFrameReceived":
            return
        frame = message["params"]["response"]
        if frame.get("opcode") != 2:  # text frames are pings and pongs
            return
        self.raw += base64.b64decode(frame["payloadData"])
        text = self.raw.decode("utf-8", errors="ignore")
        self.raw = b"" if text.encode("utf-8") == self.raw else self.raw[-3:]
        self.drawn += ESCAPES.sub("", text)
        self.painted += text

    def mark(self) -> None:
        """Forget what was drawn so far: the next wait looks only at what comes after."""
        self.drawn = self.painted = ""

    async def painted_like(self, pattern: str) -> None:
        """Wait until what was painted since the last mark() matches ``pattern``."""
        end = time.monotonic() + HANG_SECONDS
        while not re.search(pattern, self.painted):
            assert time.monotonic() < end, f"never painted: {pattern}"
            await asyncio.sleep(0.05)  # how often to look, not how long to wait
            await self.evaluate("1")

    async def drawn_text(self, *phrases: str) -> None:
        """Wait until the app has drawn every phrase since the last mark() (``a|b``: either
        a or b)."""
        end = time.monotonic() + HANG_SECONDS
        while not all(any(p in self.drawn for p in phrase.split("|")) for phrase in phrases):
            assert time.monotonic() < end, f"never drawn: {phrases}; drawn: {self.drawn[-2000:]}"
            await asyncio.sleep(0.05)  # how often to look, not how long to wait
            await self.evaluate("1")  # a round trip: the frames that came meanwhile are read

    async def evaluate(self, expression: str):
        result = await self.call("Runtime.evaluate", expression=expression)
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str) -> None:
        end = time.monotonic() + HANG_SECONDS
        while not await self.evaluate(expression):
            assert time.monotonic() < end, f"the page never had {expression}"
            await asyncio.sleep(0.05)  # how often to look, not how long to wait

    async def type(self, *keys: str) -> None:
        """Each key: a name from KEYS, or characters typed one by one."""
        for key in keys:
            if key in CONTROL:
                name, code, virtual = CONTROL[key]
                fields = {"key": name, "code": code, "windowsVirtualKeyCode": virtual}
                await self.call("Input.dispatchKeyEvent", type="keyDown", modifiers=2, **fields)
                await self.call("Input.dispatchKeyEvent", type="keyUp", modifiers=2, **fields)
                continue
            strokes = [KEYS[key]] if key in KEYS else [_character(c) for c in key]
            for code, virtual, text in strokes:
                name = "Enter" if text == "\r" else (text or code)
                fields = {"key": name, "code": code, "windowsVirtualKeyCode": virtual}
                down = fields | ({"text": text} if text else {})
                await self.call("Input.dispatchKeyEvent", type="keyDown", **down)
                await self.call("Input.dispatchKeyEvent", type="keyUp", **fields)

    async def screenshot(self, name: str, folder: Path) -> Path:
        shot = await self.call("Page.captureScreenshot", format="png")
        path = folder / f"{name}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        return path


async def _settled_folder(folder: Path, page: Page, count: int) -> list[str]:
    """The names of the JSON files in ``folder`` once there are ``count`` of them."""
    end = time.monotonic() + HANG_SECONDS
    while len(names := [path.name for path in folder.glob("*.json")]) < count:
        assert time.monotonic() < end, f"{folder} holds {names}"
        await asyncio.sleep(0.05)  # how often to look, not how long to wait
        await page.evaluate("1")
    return names


async def _settled_file(path: Path, page: Page, condition) -> dict:
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
        await page.evaluate("1")


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
    port = _free_port()
    profile = tempfile.mkdtemp(prefix="myword-chromium-")
    chromium = subprocess.Popen(
        [
            browser,
            "--headless=new",
            "--no-sandbox",  # CI runs as root
            "--disable-gpu",
            "--no-first-run",
            f"--remote-debugging-port={port}",
            f"--user-data-dir={profile}",
            "--window-size=1280,800",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        async with aiohttp.ClientSession() as http:
            end = time.monotonic() + 30
            pages = []
            while not pages:
                assert time.monotonic() < end, "Chromium never opened its DevTools port"
                try:
                    async with http.get(f"http://127.0.0.1:{port}/json") as answer:
                        pages = [p for p in await answer.json() if p["type"] == "page"]
                except aiohttp.ClientError:
                    await asyncio.sleep(0.2)
            async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = Page(ws)
                await page.call("Page.enable")
                await page.call("Network.enable")  # the app's frames, to wait for its text
                await page.call("Page.navigate", url=url)
                await page.wait_for(FIRST_BYTE)
                await page.drawn_text("Resume a saved game", "n New game")
                await page.screenshot("menu", shots)
                assert await page.evaluate(FOCUS)
                # The settings screen, typed in the page: a tab from the language's list to
                # Save, enter: the language is kept.
                page.mark()
                await page.type("s")
                await page.drawn_text("Language of the words")
                await page.screenshot("settings", shots)
                page.mark()
                await page.type("tab", "enter")
                await page.drawn_text("(s: settings)")
                settings = await _settled_file(data / "settings.json", page, bool)
                assert settings == {"lang": "en"}
                # Each game, opened from the menu in a fresh tab (a fresh app), played a little.
                for downs, on_form, name, opened, moves in GAMES:
                    page.mark()
                    await page.call("Page.navigate", url=url)
                    await page.wait_for(FIRST_BYTE)
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
                saved = await _settled_folder(data / "games", page, 2)
                assert sorted(name.split("-")[0] for name in saved) == ["deduce", "layout"]
                # what each form started its game with, remembered: the seats typed
                held = await _settled_file(data / "forms.json", page, lambda kept: len(kept) == 3)
                assert held["layout"]["players"] == "human,greedy"
                assert held["race"]["level"] == "auto" and held["deduce"]["colour"] == "purple"
    finally:
        chromium.terminate()
        try:
            chromium.wait(10)
        except subprocess.TimeoutExpired:
            chromium.kill()
        shutil.rmtree(profile, ignore_errors=True)


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
