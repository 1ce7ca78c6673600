"""``myword play`` (the full-screen app's menu) and ``myword serve`` (the same app in a
browser, through textual-serve)."""

from __future__ import annotations

import ipaddress
import shlex
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


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Only this machine can connect to the default.",
)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
def serve(host: str, port: int) -> None:
    """Play in a browser: serve the app at http://HOST:PORT (each browser tab runs its own
    `myword play`). Ctrl-C stops the server."""
    import socket

    from solver.runtime.errors import UserError

    try:  # the server's own error would come as a traceback from inside its loop
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        raise UserError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    from textual_serve.server import Server

    if not _loopback(host):
        click.echo(
            f"Warning: listening on {host}: anyone who can reach this machine can open the "
            "app and play your saved games.",
            err=True,
        )
    command = f"{shlex.quote(sys.executable)} -m cli play"
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    click.echo(f"Open {url} in a browser. Ctrl-C stops the server.", err=True)
    Server(command, host=host, port=port, title="myword", public_url=url).serve()
