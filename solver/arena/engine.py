"""The engine protocol, version 1: a player in another process, in any language, speaking
JSON lines over its stdin and stdout (its stderr is its own log).

Why: so that a bot written in JavaScript, Rust or anything else can play our games and our
benches, and our bots can serve any front end (as UCI does for chess engines and GTP for
Go). The full specification, with the transcript of a whole game, is
``docs/engine-protocol.md``; in short, the referee writes one JSON object a line:

- ``{"type": "hello", "protocol": 1, "game": G, "variant": {...}, "seat": s, "seats": n,
  "time_limit": 10.0}`` at the start of every game; the engine answers
  ``{"type": "ready", "protocol": 1, "name": "..."}``;
- ``{"type": "view", "id": k, "seed": S, "view": {...}}`` whenever the seat must decide;
  the engine answers ``{"type": "move", "id": k, "move": {...}}`` within ``time_limit``
  seconds (``seed`` is the decision's own: an engine that draws at random may use it, and
  a built-in served here does, so it plays as it does in process);
- ``{"type": "over", "scores": [...]}`` when the game ends (no answer) and
  ``{"type": "quit"}`` when the referee is done (the engine exits).

An engine may write ``{"type": "info", ...}`` lines at any time; the referee skips them. A
late answer, a line that is not the answer asked for, an answer the game cannot read, a
move the rules refuse, or an engine that exits: the seat forfeits that game (``SeatFailed``
or ``IllegalMove``; the loop records the reason) and the next game starts a fresh process.

``EngineSeat`` is the referee's side (a ``Seat`` for ``solver.arena.loop``); ``serve`` is
the engine's side, which ``myword <game> engine --player NAME`` runs for any registered
player.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any, NoReturn, Protocol

from solver.arena.protocol import (
    DEFAULT_TIME_LIMIT,
    HELLO_TIME_LIMIT,
    PROTOCOL_VERSION,
    EngineMessage,
    Hello,
    IllegalMove,
    RefereeMessage,
    Rules,
    Seat,
    SeatFailed,
)
from solver.runtime.errors import UserError, one_line

# An engine is started in a process group of its own where the system has them, so that
# what it starts ends with it (``EngineSeat._stop``). Popen's keyword arguments: open (each
# keyword has its own type).
GROUP: dict[str, Any] = {"process_group": 0} if os.name == "posix" else {}
LINE_MOST = 1 << 20  # bytes in one line from an engine: more is a protocol error
STDERR_TAIL = 300  # characters of an engine's stderr quoted when it fails
QUIT_SECONDS = 2.0  # how long a quitting engine has to exit before it is killed
LOG_VARIABLE = "MYWORD_ENGINE_LOG"  # a file that receives every line to and from engines


class TextOut(Protocol):
    """Where an engine answers (``serve``): stdout, or a stream that copies it to a log."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class _Lines:
    """An engine's stdout, read line by line on a thread, so that the referee can wait for
    a line with a time limit (a pipe's read cannot time out)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(LINE_MOST + 1):
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)  # end of output

    def ended(self, seconds: float) -> bool:
        """Whether the output has ended (within ``seconds``): its reader is done."""
        self._thread.join(seconds)
        return not self._thread.is_alive()

    def next(self, seconds: float) -> bytes | None:
        """The next line; None at the end of output. Raises ``queue.Empty`` after
        ``seconds`` without one."""
        return self._lines.get(timeout=seconds)


class EngineSeat:
    """A seat played by an engine process (the referee's side of the protocol).

    One process serves every game of a tournament in turn (a handshake starts each game),
    so that an engine's start-up is paid once; a process that failed is replaced at the
    next game. ``log`` (by default the file ``MYWORD_ENGINE_LOG`` names, if any) receives
    every line both ways (``> `` to the engine, ``< `` from it), as the spec's transcript
    shows them."""

    def __init__(
        self,
        argv: list[str],
        rules: Rules,
        time_limit: float = DEFAULT_TIME_LIMIT,
        hello_time_limit: float = HELLO_TIME_LIMIT,
        log: IO[str] | None = None,
    ) -> None:
        self.argv = list(argv)
        self.rules = rules
        self.time_limit = time_limit
        self.hello_time_limit = hello_time_limit
        self.log = log if log is not None else _log_from_environment()
        self.name = "engine:" + " ".join(self.argv)
        self.engine_name: str | None = None  # what the engine calls itself
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: _Lines | None = None
        self._stderr: IO[bytes] | None = None
        self._failure: str | None = None  # why this game's seat cannot play
        self._broken: str | None = None  # why it never answered a handshake: for good
        self._asked = 0

    # -- the Seat protocol -------------------------------------------------------------

    def start(self, hello: Hello) -> None:
        """Send the game's handshake (starting the process if none is running) and wait
        for ``ready``; a failure is kept and forfeits the game at its first decision."""
        hello = Hello(
            hello.game, hello.variant, hello.seat, hello.seats, self.time_limit, hello.protocol
        )
        self._failure = None
        self._asked = 0
        if self._broken is not None:  # a new process would fail the same way, as slowly
            self._failure = f"no handshake in an earlier game ({self._broken})"
            return
        try:
            if not self._running():
                self._spawn()
            self._send(hello.to_json())
            answer = self._answer("ready", max(self.hello_time_limit, self.time_limit))
        except SeatFailed as failure:
            self._failure = self._broken = str(failure)
            return
        if answer.get("protocol") != PROTOCOL_VERSION:
            self._failure = self._broken = (
                f"the engine speaks protocol {answer.get('protocol')!r}, not {PROTOCOL_VERSION}"
            )
            return
        self.engine_name = str(answer.get("name") or self.name)

    def decide(self, view: Any, seed: int) -> Any:
        if self._failure is not None:
            raise SeatFailed(self._failure)
        self._asked += 1
        asked = self._asked
        self._send({"type": "view", "id": asked, "seed": seed, "view": view.to_json()})
        answer = self._answer("move", self.time_limit)
        if answer.get("id") != asked:
            self._fail(f"answered view {answer.get('id')!r} when asked view {asked}")
        if not isinstance(answer.get("move"), dict):
            raise IllegalMove(f"the move is not a JSON object: {answer.get('move')!r}")
        return self.rules.move_from_json(answer["move"])

    def finish(self, scores: tuple[int, ...]) -> None:
        if self._running() and self._failure is None:
            with contextlib.suppress(SeatFailed):
                self._send({"type": "over", "scores": list(scores)})

    def close(self) -> None:
        """Ask the engine to quit, and kill it if it does not within ``QUIT_SECONDS``."""
        if self._process is None:
            return
        with contextlib.suppress(SeatFailed, UserError):  # closing: a failing log waits
            if self._running():
                self._send({"type": "quit"})
        self._stop()

    # -- the pipe ----------------------------------------------------------------------

    def _running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def _spawn(self) -> None:
        self._stop()
        # kept open as long as the process runs (closed in _stop), so no with-block
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                **GROUP,  # its own process group: ended whole (``_stop``)
            )
        except OSError as error:
            self._process = None
            raise SeatFailed(f"cannot start {self.argv[0]!r}: {error.strerror or error}") from None
        assert self._process.stdout is not None
        self._lines = _Lines(self._process.stdout)

    def _stop(self) -> None:
        """End the engine and whatever it started: an engine run through a wrapper
        (``bash run.sh``, ``cargo run``) leaves the real one as its child, which kept
        running after a forfeit and held the engine's output open, so that closing it
        waited for ever (the tournament hung)."""
        process, self._process = self._process, None
        lines, self._lines = self._lines, None
        if process is not None:
            if process.stdin is not None:
                with contextlib.suppress(OSError):
                    process.stdin.close()
            try:
                process.wait(QUIT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
            # what it started, in its group, goes with it (the group's number cannot have
            # been taken by another: a group keeps its number while anything is in it)
            if GROUP:
                with contextlib.suppress(OSError):
                    os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            # a reader still blocked (a process outside the group holds the output) keeps
            # the stream: closing it would wait for that read, for ever
            if process.stdout is not None and (lines is None or lines.ended(QUIT_SECONDS)):
                process.stdout.close()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def _send(self, message: RefereeMessage) -> None:
        line = json.dumps(message, separators=(",", ":"))
        self._record(f"> {line}")
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(line.encode() + b"\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._fail("the engine stopped reading")

    # Parsed JSON, an engine's: only its ``type`` is checked here, its caller reads the rest.
    def _answer(self, kind: str, seconds: float) -> dict[str, Any]:
        """The next line that is not ``info``, which must be a ``kind`` message."""
        assert self._lines is not None
        while True:
            try:
                raw = self._lines.next(seconds)
            except queue.Empty:
                self._fail(f"no {kind} within {seconds:g} s")
            if raw is None:
                self._fail("the engine exited")
            self._record(f"< {raw.decode(errors='replace').rstrip()}")
            if len(raw) > LINE_MOST:
                self._fail(f"a line longer than {LINE_MOST} bytes")
            try:
                message = json.loads(raw)
            except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
                self._fail(f"not a JSON line: {raw[:80].decode(errors='replace').strip()!r}")
            if not isinstance(message, dict):
                self._fail(f"not a JSON object: {raw[:80].decode(errors='replace').strip()!r}")
            if message.get("type") == "info":
                continue
            if message.get("type") == "error":
                self._fail(f"the engine says: {str(message.get('message'))[:200]}")
            if message.get("type") != kind:
                self._fail(f"expected {kind}, got {str(message.get('type'))[:40]!r}")
            return message

    def _record(self, line: str) -> None:
        """Write a line to the log, if any; a log that cannot be written (a full disk) is
        one line naming it, and is written no more."""
        if self.log is None:
            return
        try:
            self.log.write(line + "\n")
        except OSError as error:
            self.log = None
            raise UserError(f"cannot write the engine log: {error.strerror or error}") from None

    def _fail(self, reason: str) -> NoReturn:
        """Stop the process (it is out of step) and raise ``SeatFailed`` with the reason
        and the tail of what the engine wrote on stderr."""
        process = self._process
        still_running = False
        if process is not None and reason == "the engine exited":
            try:  # its output ended: it is exiting, or it closed its output and goes on
                process.wait(QUIT_SECONDS)
            except subprocess.TimeoutExpired:
                still_running = True
        if process is not None and process.poll() is None:
            process.kill()
        code = process.wait() if process is not None else None
        tail = ""
        if self._stderr is not None:
            self._stderr.seek(0)
            written = self._stderr.read().decode(errors="replace").strip()
            if written:
                tail = f" (stderr: {stderr_gist(written)})"
        if reason == "the engine exited":
            reason = (
                "the engine closed its output (stopped)"
                if still_running or code is None
                else f"the engine exited with code {code}"
            )
        self._stop()
        raise SeatFailed(one_line(reason + tail))  # what the engine wrote: its own lines


def stderr_gist(written: str) -> str:
    """What an engine wrote on stderr, in one line: its last line that names an error (a
    Python traceback's last line, node's "Error: Cannot find module ..."), else its last
    line, cut to ``STDERR_TAIL`` characters."""
    lines = [line.strip() for line in written.splitlines() if line.strip()]
    named = [line for line in lines if "error" in line.lower()]
    return (named or lines or [""])[-1][:STDERR_TAIL]


def _log_from_environment() -> IO[str] | None:
    """The file ``MYWORD_ENGINE_LOG`` names, opened to append, line-buffered: every
    command that seats an engine (and every worker process of a tournament) then logs its
    lines there, with nothing to pass down."""
    path = os.environ.get(LOG_VARIABLE)
    if not path:
        return None
    try:
        return open(path, "a", encoding="utf-8", buffering=1)
    except OSError as error:
        raise UserError(f"{LOG_VARIABLE}={path}: {error.strerror or error}") from None


# -- the engine's side -------------------------------------------------------------------


def serve(
    rules: Rules,
    make_seat: Callable[[Hello], Seat],
    stdin: Iterable[str] | None = None,
    stdout: TextOut | None = None,
) -> int:
    """Play as an engine: read the referee's lines from ``stdin``, answer on ``stdout``.
    ``make_seat(hello)`` gives the player of each game. A line that cannot be answered
    gets ``{"type": "error", "message": ...}`` (the referee forfeits the game, the engine
    goes on). Returns the exit code: 0 after ``quit`` or the end of input."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    seat: Seat | None = None
    check: Callable[[Any], None] | None = None  # the game's check of a view (``view_checker``)

    def say(message: EngineMessage) -> None:
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("not a JSON object")
            kind = message.get("type")
            if kind == "quit":
                return 0
            if kind == "hello":
                seat = check = None  # a hello refused leaves no game to play views in
                hello = Hello.from_json(message)
                if hello.protocol != PROTOCOL_VERSION:
                    raise ValueError(
                        f"this engine speaks protocol {PROTOCOL_VERSION}, not {hello.protocol}"
                    )
                if hello.game != rules.name:
                    raise ValueError(f"this engine plays {rules.name}, not {hello.game}")
                # What the handshake tells a seat holds for its views too (a race's table
                # is made of the deck's cards): a game's rules may check each view by it.
                checker = getattr(rules, "view_checker", None)
                check = checker(hello.variant) if checker is not None else None
                seat = make_seat(hello)
                seat.start(hello)
                say({"type": "ready", "protocol": PROTOCOL_VERSION, "name": seat.name})
            elif kind == "view":
                if seat is None:
                    raise ValueError("a view before the hello")
                view = rules.view_from_json(message["view"])
                if check is not None:
                    check(view)
                move = seat.decide(view, int(message["seed"]))
                say({"type": "move", "id": message.get("id"), "move": move.to_json()})
            elif kind == "over":
                if seat is not None:
                    seat.finish(tuple(message.get("scores") or ()))
            else:
                raise ValueError(f"unknown message type {kind!r}")
        except KeyError as error:  # a message or a view without a field it must have
            say({"type": "error", "message": f"a field is missing: {error}"[:500]})
        except Exception as error:  # one bad line is answered, never the end of the engine
            say({"type": "error", "message": f"{type(error).__name__}: {error}"[:500]})
    return 0
