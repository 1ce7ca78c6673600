"""The browser path, end to end: ``myword serve`` serves the app, headless Chromium (Debian's
``chromium`` package) loads it, keys typed in the page reach the app, and the app acts on
them (the settings it saves land on disk).

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
}
# textual-serve marks the page once the app's first bytes arrive; keys go to xterm.js's
# hidden text area.
FIRST_BYTE = "document.body && document.body.classList.contains('-first-byte')"
FOCUS = (
    "(() => { const t = document.querySelector('.xterm-helper-textarea');"
    " if (t) { t.focus(); return true } return false })()"
)
GAMES = (  # menu downs, screenshot, what is typed (a Gameword and a Guessword; a hint and
    # play), then seconds to watch (cards dealt, bots claiming)
    (0, "whats-my-word", ("planet", "enter", "so", "enter", "!"), 2),  # ! shows the hints
    (1, "my-word-race", (), 14),
    (2, "my-word-1980", ("1", "h", "enter"), 2),
)


def _browser() -> str | None:
    found = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    if found is None and os.environ.get("MYWORD_REQUIRE_BROWSER") == "1":
        pytest.fail("MYWORD_REQUIRE_BROWSER=1 but no Chromium: apt install chromium")
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Page:
    """One Chromium tab, driven over the DevTools protocol."""

    def __init__(self, socket_) -> None:
        self.socket = socket_
        self.calls = 0

    async def call(self, method: str, **params):
        self.calls += 1
        ask = self.calls
        await self.socket.send_json({"id": ask, "method": method, "params": params})
        while True:
            message = await self.socket.receive_json(timeout=30)
            if message.get("id") == ask:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message.get("result", {})

    async def evaluate(self, expression: str):
        result = await self.call("Runtime.evaluate", expression=expression)
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, seconds: float = 60) -> None:
        end = time.monotonic() + seconds
        while not await self.evaluate(expression):
            assert time.monotonic() < end, f"the page never had {expression}"
            await asyncio.sleep(0.2)

    async def type(self, *keys: str, pause: float = 0.3) -> None:
        """Each key: a name from KEYS, or characters typed one by one."""
        for key in keys:
            strokes = [KEYS[key]] if key in KEYS else [(f"Key{c.upper()}", 0, c) for c in key]
            for code, virtual, text in strokes:
                name = text if text and text != "\r" else code
                if name == "\r":
                    name = "Enter"
                fields = {"key": name, "code": code, "windowsVirtualKeyCode": virtual}
                down = fields | ({"text": text} if text else {})
                await self.call("Input.dispatchKeyEvent", type="keyDown", **down)
                await self.call("Input.dispatchKeyEvent", type="keyUp", **fields)
            await asyncio.sleep(pause)

    async def screenshot(self, name: str, folder: Path) -> Path:
        shot = await self.call("Page.captureScreenshot", format="png")
        path = folder / f"{name}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        return path


def _wait_for_file(path: Path, seconds: float = 20) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            return json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            time.sleep(0.2)
    raise AssertionError(f"{path} never appeared")


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
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", data
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
                await page.call("Page.navigate", url=url)
                # textual-serve marks the page once the app's first bytes arrive.
                await page.wait_for(
                    "document.body && document.body.classList.contains('-first-byte')"
                )
                await asyncio.sleep(2)  # the first frame drawn
                await page.screenshot("menu", shots)
                assert await page.evaluate(FOCUS)
                # The settings screen, typed in the page: two tabs to the seed, 42, enter.
                await page.type("s", pause=1)
                await page.type("tab", "tab", "42")
                await page.screenshot("settings", shots)
                await page.type("enter")
                settings = _wait_for_file(data / "settings.json")
                assert settings["seed"] == 42
                assert settings["lang"] == "en"
                # Each game, opened from the menu in a fresh tab (a fresh app), played a little.
                for downs, name, moves, watch in GAMES:
                    await page.call("Page.navigate", url=url)
                    await page.wait_for(FIRST_BYTE)
                    await asyncio.sleep(2)
                    assert await page.evaluate(FOCUS)
                    await page.type(*["down"] * downs, "enter", pause=0.5)
                    await asyncio.sleep(4)  # the game's first screen (a bot may move first)
                    await page.type(*moves, pause=1.5)
                    await asyncio.sleep(watch)
                    await page.screenshot(name, shots)
                games = sorted(path.name.split("-")[0] for path in (data / "games").glob("*.json"))
                assert games == ["deduce", "layout"]  # both saved games, played in the page
    finally:
        chromium.terminate()
        try:
            chromium.wait(10)
        except subprocess.TimeoutExpired:
            chromium.kill()
        shutil.rmtree(profile, ignore_errors=True)


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
