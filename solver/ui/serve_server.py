"""The web server of ``myword serve``: textual-serve's, with the controls it lacks.

textual-serve serves the page, its scripts and a websocket per tab that drives an app
process; it lets anyone connect, as often as they like, with messages of any size, and
writes its own address (127.0.0.1 for every address) into the page. Here, before anything:

- every request passes ``serve_access``: a Host naming this machine, the token (in the
  address, the page's cookie or the websocket's path), and an Origin that is this server's
  (required of a websocket); anything else gets a 403 saying to open the printed address;
- at most ``max_sessions`` tabs at once (503 for one more); a websocket message over
  ``MAX_MESSAGE`` bytes closes that tab, as do more than ``INPUT_RATE`` bytes a second
  after that (``InputBudget``) and a message that is not textual-serve's;
- the page's addresses are built from the request's Host, so a browser on another machine
  reaches the server it loaded the page from;
- a tab's processes end with the tab, and all of them with the server (``serve_session``),
  whether it is stopped by Ctrl-C, SIGTERM or SIGHUP.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import time
from collections.abc import Callable
from typing import Any, TypedDict

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server

from solver.ui.serve_access import Access, cookie_name
from solver.ui.serve_session import Session

log = logging.getLogger("myword.serve")

MAX_MESSAGE = 64 * 1024  # bytes: a paste of a few pages of text; a key is a few bytes
# What a tab may send over time: MAX_MESSAGE at once, then INPUT_RATE bytes a second: more
# than a person typing or moving a mouse sends, and far less than a flood of keys that
# grows an app as fast as they come (measured: docs/performance.md, "Memory").
INPUT_RATE = 8 * 1024
QUIET_SECONDS = 10.0  # the same error of the event loop is said at most this often
SAID = 160  # the most characters of an error shown in the log (a long header is repeated)
MAX_CELLS = 1000  # the most columns or rows a tab may ask for
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
REFUSED = (
    "Forbidden: {why}.\n\nOpen the address that `myword serve` printed in its terminal "
    "(http://HOST:PORT/?token=...): only a page opened with it can use this server.\n"
)


class OneLine(logging.Formatter):
    """A log record as one line of plain text. What a request carried (its path, decoded
    from ``%1b`` or ``%0a``) is shown escaped, so that no page can write a line of its own
    or a terminal's control sequence into the server's terminal; an error is its first
    line, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        record.message = shown(record.getMessage())
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            said = " ".join(str(error).split()) or type(error).__name__
            record.message += f": {shown(said[:SAID])}"
        return self.formatMessage(record)


class LoopErrors:
    """The event loop's own errors as one line each, and the same line at most once in
    ``QUIET_SECONDS``. Why: with every file descriptor taken (slow connections held open
    by a local program), asyncio's accept loop reported "Too many open files" with its
    traceback for every attempt, a flood of them in the server's terminal (measured:
    docs/performance.md, "Memory")."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.said: dict[str, float] = {}  # line: when it was last said

    # ``context``: asyncio's, as its exception handlers are given it (its keys vary: open).
    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        line = str(context.get("message") or "an error in the server's loop")
        if error is not None:
            line += f": {' '.join(str(error).split()) or type(error).__name__}"
        now = self.clock()
        if now - self.said.get(line, -QUIET_SECONDS) >= QUIET_SECONDS:
            self.said[line] = now
            log.warning("%s", line[:SAID])


class PageContext(TypedDict):
    """What textual-serve's page template (``app_index.html``) is given."""

    font_size: int
    app_websocket_url: str
    config: dict[str, dict[str, str]]
    application: dict[str, str]


def shown(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\x1b``)."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def _refuse(why: str, status: int = 403) -> web.Response:
    return web.Response(status=status, text=REFUSED.format(why=why), headers=_PRIVATE)


_PRIVATE = {  # the page holds the token: not cached, not framed, not told to other sites
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}


def _cells(value: object, default: int) -> int:
    """A terminal's width or height as asked by a tab, within 1..MAX_CELLS."""
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(MAX_CELLS, number))


class InputBudget:
    """What a tab may still send: MAX_MESSAGE bytes at once, refilled at INPUT_RATE bytes
    a second (a token bucket)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.left = float(MAX_MESSAGE)
        self.then = clock()

    def take(self, size: int) -> bool:
        """Spend ``size`` bytes: False, and nothing spent, if there are not that many."""
        now = self.clock()
        self.left = min(float(MAX_MESSAGE), self.left + (now - self.then) * INPUT_RATE)
        self.then = now
        if size > self.left:
            return False
        self.left -= size
        return True


class MywordServer(Server):
    def __init__(self, host: str, port: int, access: Access, max_sessions: int) -> None:
        super().__init__("myword play", host=host, port=port, title="myword")
        self.access = access
        self.max_sessions = max_sessions
        self.sessions: dict[Session, web.WebSocketResponse] = {}  # open tabs
        self.stopped_by: int | None = None  # the signal that stopped the server

    def initialize_logging(self) -> None:
        """Refusals and failures as plain lines; no access log (its lines would show the
        token) and no tracebacks with their local variables (textual-serve's rich log)."""
        handler = logging.StreamHandler()
        handler.setFormatter(OneLine("myword serve: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
        # aiohttp's own errors (a request line or header over 8 KB, a malformed request:
        # any page can make a browser send one) are one line too, never a traceback
        served = logging.getLogger("aiohttp")
        served.addHandler(handler)
        served.propagate = False

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/{token}", self.handle_websocket, name="websocket-token")
        app.middlewares.append(self.guard)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler) -> web.StreamResponse:
        """The checks of ``serve_access``, before any handler."""
        host = request.headers.get("Host")
        peer = request.transport.get_extra_info("sockname") if request.transport else None
        why = self.access.host_refusal(host, peer[0] if peer else None)
        if why is None:
            origin = request.headers.get("Origin")
            websocket = request.headers.get("Upgrade", "").lower() == "websocket"
            if origin is not None or websocket:
                why = self.access.origin_refusal(origin, host or "", request.secure)
        if why is None:
            places = (
                request.query.get("token"),
                request.cookies.get(cookie_name(self.port)),
                request.match_info.get("token"),
            )
            if not self.access.has_token(places):
                why = "no token, or not this server's"
        if why is not None:
            shown = "/ws/..." if "token" in request.match_info else request.path  # no token
            log.info("refused %s %s: %s", request.method, shown, why)
            return _refuse(why)
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: ``myword serve`` has printed the address."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Every tab's processes end with the server, and its page is told."""

        async def end(session: Session, websocket: web.WebSocketResponse) -> None:
            await session.end()
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")

        await asyncio.gather(*(end(*tab) for tab in list(self.sessions.items())))

    def request_exit(self, number: int = signal.SIGINT) -> None:
        self.stopped_by = number
        raise GracefulExit()

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl-C, SIGTERM or SIGHUP; every tab's processes have ended when it
        returns."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self.request_exit, number)
        loop.set_exception_handler(LoopErrors())
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log=None,
            shutdown_timeout=5.0,
        )

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, its addresses on the request's host; the token in a
        cookie, for the page's scripts and a reload."""
        scheme = "wss" if request.secure else "ws"
        context: PageContext = {
            "font_size": _cells(request.query.get("fontsize"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws/{self.access.token}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers.update(_PRIVATE)
        response.set_cookie(
            cookie_name(self.port), self.access.token, httponly=True, samesite="Strict", path="/"
        )
        return response

    # textual_serve's own handler is annotated as giving a WebSocketResponse; an aiohttp
    # handler may answer with any StreamResponse, as this one's refusals do.
    async def handle_websocket(  # type: ignore[override]
        self, request: web.Request
    ) -> web.StreamResponse:
        """A tab: its app, driven by its websocket, ended with it."""
        if len(self.sessions) >= self.max_sessions:
            log.info("refused a tab: %d open already (--max-sessions)", len(self.sessions))
            return _refuse(
                f"{self.max_sessions} tabs are open already (myword serve --max-sessions); "
                "close one, then reload",
                status=503,
            )
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if not websocket.can_prepare(request).ok:  # the address opened as a page, say
            return web.Response(
                status=400, text="Not a websocket: open the address `myword serve` printed.\n"
            )
        session = Session(
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        self.sessions[session] = websocket  # before any wait: two tabs at once cannot both slip in
        try:
            await websocket.prepare(request)
            width = _cells(request.query.get("width"), 80)
            height = _cells(request.query.get("height"), 24)
            await session.start(width, height)
            log.info("a tab opened (%d of %d at most)", len(self.sessions), self.max_sessions)
            await self._process_messages(websocket, session)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # one line, not a traceback: the tab ends, others go on
            log.warning("a tab ended on an error: %s", error)
        finally:
            await session.end()
            self.sessions.pop(session, None)
            if websocket.prepared:
                await websocket.close()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, session) -> None:
        """textual-serve's messages from the page. Anything else (a message too long, too
        many, not JSON, not of its shape) ends the tab."""
        budget = InputBudget()
        async for message in websocket:
            if message.type == WSMsgType.ERROR:  # too long: aiohttp has closed it (1009)
                log.info("closed a tab: %s", message.data)
                return
            if message.type != WSMsgType.TEXT:
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA)
                return
            if not budget.take(len(message.data)):
                log.info("closed a tab: more than %d bytes a second of input", INPUT_RATE)
                await websocket.close(code=WSCloseCode.POLICY_VIOLATION)
                return
            try:
                kind, data = _envelope(message.data)
            except ValueError as error:
                log.info("closed a tab: %s", error)
                await websocket.close(code=WSCloseCode.POLICY_VIOLATION)
                return
            if kind == "stdin":
                await session.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize":
                await session.set_terminal_size(
                    _cells(data.get("width"), 80), _cells(data.get("height"), 24)
                )
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()


def _envelope(text: str) -> tuple[str, Any]:
    """A message of the page's script: ``[kind, data]``, data of the kind's type."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # (arrays nested thousands deep)
        raise ValueError("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise ValueError("a message that is not [kind, data]")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    kinds: dict[str, type | tuple[type, ...]] = {
        "stdin": str,
        "resize": dict,
        "ping": (str, int, float),
    }
    wanted = kinds.get(kind)
    if wanted is not None and not isinstance(data, wanted):
        raise ValueError(f"a {kind!r} message without its data")
    return kind, data
