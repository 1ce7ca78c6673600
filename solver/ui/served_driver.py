"""The driver of an app served by ``myword serve``: Textual's web driver, which also ends
the app when the server is gone.

The server holds the app's input. Textual's driver stops reading when that input closes
but the app goes on, with no one to draw for: a server killed with SIGKILL left every tab's
``myword play`` running. Here the end of input, unless the app itself is stopping, asks the
app to leave (it saves) and ends its whole process group (the app and the helpers it
started) if it is still there a few seconds later.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading

from textual import messages
from textual.drivers.web_driver import WebDriver

GRACE_SECONDS = 5.0  # to save and leave, once the server is gone


def end_group() -> None:
    """Kill this process's group if it leads one (``myword serve`` starts each app as a
    group's leader), else this process alone."""
    if os.getpgrp() == os.getpid():
        os.killpg(os.getpgrp(), signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)


class ServedDriver(WebDriver):
    def start_application_mode(self) -> None:
        self._loop = asyncio.get_running_loop()
        super().start_application_mode()

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if self.exit_event.is_set():  # the app is stopping: its input was closed for it
            return
        timer = threading.Timer(GRACE_SECONDS, end_group)
        timer.daemon = True  # an app that leaves in time ends without it
        timer.start()
        asyncio.run_coroutine_threadsafe(self._app._post_message(messages.ExitApp()), self._loop)
