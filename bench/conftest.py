"""Benchmarks run in one process: timings taken beside other tests' work on the same cores
say little, and pytest-benchmark turns itself off under pytest-xdist. The project's pytest
options (pyproject.toml) spread tests over every core; a run of ``bench/`` undoes that."""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    config.option.numprocesses = 0
    config.option.dist = "no"
