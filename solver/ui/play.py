"""``myword play`` (the full-screen app's menu) and ``myword serve`` (the same app in a
browser, through textual-serve)."""

from __future__ import annotations

import sys

import click


@click.command()
def play() -> None:
    """Open the full-screen app: a menu of the three games, saved games, settings."""
    from solver.runtime.errors import UserError
    from solver.ui.app import can_run, run_app

    if not can_run():
        raise UserError(
            "myword play needs a terminal (or a browser: myword serve); for pipes and "
            "scripts, each game's play command has a line mode (e.g. myword deduce play --plain)"
        )
    sys.exit(run_app())


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Only this machine can connect to the default; 0.0.0.0 (or "
    "::) listens on every address.",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (a port in use is one line, naming it).",
)
@click.option(
    "--max-sessions",
    type=click.IntRange(1, 1000),
    default=8,
    show_default=True,
    help="Most browser tabs playing at once (each runs its own myword play).",
)
def serve(host: str, port: int, max_sessions: int) -> None:
    """Play in a browser: serve the app at the printed address, which holds a random token
    (each browser tab runs its own `myword play`). Ctrl-C stops the server and every tab's
    app."""
    import socket

    from solver.runtime.errors import UserError
    from solver.ui import serve_access

    if not host.strip():
        raise UserError(
            "--host is empty: give an address to listen on (127.0.0.1, the default, for "
            "this machine only; 0.0.0.0 or :: for every address)"
        )
    try:  # the server's own error would come as a traceback from inside its loop
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.create_server((host, port), family=family):
            pass
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise UserError(f"cannot listen on {host}:{port}: {reason}") from None
    from solver.ui.serve_server import MywordServer

    host = serve_access.canonical_host(host)  # 0 is 0.0.0.0, 127.1 is 127.0.0.1
    token = serve_access.new_token()
    url = serve_access.server_url(serve_access.reachable_address(host), port, token)
    if not serve_access.is_loopback(host):
        where = "every address of this machine" if serve_access.is_wildcard(host) else host
        click.echo(
            f"Warning: listening on {where}: anyone who can reach it and has the address "
            "below can open the app and play your saved games.",
            err=True,
        )
    here = ""
    if serve_access.is_wildcard(host):
        local = "::1" if ":" in host else "127.0.0.1"
        here = f" (on this machine: {serve_access.server_url(local, port, token)})"
    click.echo(f"Open {url} in a browser{here}. Ctrl-C stops the server.", err=True)
    access = serve_access.Access.for_server(token, host, port)
    server = MywordServer(host, port, access, max_sessions)
    server.serve()
    if server.stopped_by is not None:
        from solver.ui.group import stopped
        from solver.ui.signals import Interrupted

        stopped(stop=Interrupted(server.stopped_by))
