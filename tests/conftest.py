"""Shared test options: ``--update-golden`` and a summary of the accuracy figures measured on the corpus."""

from __future__ import annotations

import pytest

from strict import pytest_runtest_makereport  # noqa: F401  (a hook: skips fail under make test)

MEASURED: list[str] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite golden outputs under tests/golden/ (review the diff before committing)")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def measured() -> list[str]:
    """Append lines here to have them printed in the test run's summary (accuracy figures)."""
    return MEASURED


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ANN001
    if MEASURED:
        terminalreporter.section("measured on the corpus")
        for line in MEASURED:
            terminalreporter.write_line(line)
