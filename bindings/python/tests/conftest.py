"""Shared fixtures of the Python package's tests.

Options: `--positions N` (positions per game in the differential test against
pyffish; default 150, about 20 s for the 12 games of run.py's list) and `--long` (2,000 per game, the
size of tests/differential/run.py's default run, and 10 random games per game played
to their end to compare `game_result`: several minutes).
"""
import os
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
RULES = os.path.join(REPO, "rules")


def pytest_addoption(parser):
    parser.addoption("--positions", type=int, default=None,
                     help="positions per game in the differential test (default 150)")
    parser.addoption("--long", action="store_true",
                     help="the long differential run: 2,000 positions per game")


@pytest.fixture(scope="session")
def positions(request):
    n = request.config.getoption("--positions")
    if n is not None:
        return n
    return 2000 if request.config.getoption("--long") else 150


@pytest.fixture(scope="session")
def games_to_end(request):
    """Random games per variant played to their end (`--long` only)."""
    if not request.config.getoption("--long"):
        pytest.skip("games played to their end run with --long")
    return 10


def rules_path(name):
    """The path of a shipped rules file, `rules/NAME.rules`."""
    return os.path.join(RULES, f"{name}.rules")


@pytest.fixture(scope="session")
def chess():
    import piecewise
    return piecewise.Game.from_file(rules_path("chess"))


def differential_script():
    """tests/differential/run.py as a module: its game list and pyffish conventions
    (importing it needs no pyffish)."""
    sys.path.insert(0, os.path.join(REPO, "tests", "differential"))
    try:
        import run
    finally:
        sys.path.pop(0)
    return run


@pytest.fixture(scope="session")
def differential():
    """run.py with pyffish imported into it; skips when pyffish is not installed."""
    sf = pytest.importorskip("pyffish", reason="pyffish is not installed (pip install pyffish)")
    run = differential_script()
    run.sf = sf
    return run
