"""One browser tab of ``myword serve``: its ``myword play`` and everything that starts,
ended together.

textual-serve starts each tab's app through a shell in the server's own process group and,
when the tab closes, only asks it to quit. An app busy with a flood of keys never read the
request, ignored SIGTERM, kept growing and outlived the server (measured: docs/performance.md,
"Memory"). Here the app is the leader of a process group of its own (with the helpers it
starts), and ending a tab ends the whole group: the app is asked to quit (it saves), then
the group gets SIGTERM, then SIGKILL, each after a grace period. Should the server itself
be killed, the app sees its input close and ends its group (``served_driver``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from textual_serve.app_service import AppService

# The app saves and leaves within this after being asked to quit; a group still there is
# sent SIGTERM, then SIGKILL after TERM_SECONDS more (a busy app can ignore SIGTERM).
QUIT_SECONDS = 3.0
TERM_SECONDS = 3.0
KILL_SECONDS = 10.0
POLL_SECONDS = 0.05  # how often to look whether a group has ended, not how long to wait
DRIVER = "solver.ui.served_driver:ServedDriver"
PLAY = (sys.executable, "-m", "cli", "play")


def group_alive(group: int) -> bool:
    """Whether any process of the group ``group`` is still running. A zombie does not
    count: it has ended, and whether it is reaped is its parent's business (on Linux the
    group's members are read from /proc, since signal 0 reaches zombies too)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    proc = Path("/proc")
    if not proc.is_dir():
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (name) "
        if fields[0] != "Z" and int(fields[2]) == group:
            return True
    return False


async def wait_until_gone(group: int, seconds: float) -> bool:
    """Wait until the group has ended (True), at most ``seconds`` (False)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while group_alive(group):
        if loop.time() >= end:
            return False
        await asyncio.sleep(POLL_SECONDS)
    return True


def signal_group(group: int, number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, number)


class Session(AppService):
    """textual-serve's link between a websocket and an app process, with the process in a
    group of its own that ``end`` ends whole."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(" ".join(PLAY), *args, **kwargs)
        self.group: int | None = None
        self._ending: asyncio.Future[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24):
        environment = self._build_environment(width=width, height=height)
        environment["TEXTUAL_DRIVER"] = DRIVER
        self._process = process = await asyncio.create_subprocess_exec(
            *PLAY,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,  # its own group: Ctrl-C in the server's terminal is
            # the server's to handle, and the group can be ended whole
        )
        self.group = process.pid
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        await self.end()

    async def end(self) -> None:
        """End the app and its group: quit, then SIGTERM, then SIGKILL. Safe to call more
        than once and from several tasks (the tab's and the server's shutdown): all wait
        for the same ending, which a cancelled caller does not cut short."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        process, group = self._process, self.group
        if process is None or group is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_SECONDS)
        if group_alive(group):
            signal_group(group, signal.SIGTERM)
            if not await wait_until_gone(group, TERM_SECONDS):
                signal_group(group, signal.SIGKILL)
                await wait_until_gone(group, KILL_SECONDS)
        if self._stdin is not None:
            self._stdin.close()
        await process.wait()
        if self._task is not None:  # reading the app's output: its output has ended
            await self._task
            self._task = None
