"""An MkDocs hook (mkdocs.yml, ``hooks``): load every command of ``myword`` before the CLI
reference is drawn.

``myword``'s group imports its commands lazily (``cli.COMMANDS``: name -> "module:attr"),
and mkdocs-click lists a group's subcommands from ``group.commands`` whenever that is not
empty, falling back to ``list_commands`` only when it is. A command loaded earlier in the
same process (``mkdocs serve`` rebuilding, a plugin that imported one) would then be the
only one on the page. Loading them all first makes the page whole either way;
tests/shared/test_docs_site.py checks that every command is on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    import cli

    context = click.Context(cli.main, info_name="myword")
    for name in cli.main.list_commands(context):
        cli.main.get_command(context, name)
    return config
