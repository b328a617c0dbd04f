"""Under ``make test`` (``CITELENS_STRICT=1``) a skipped test fails: in CI a skip is a test that did not run.

The skips themselves stay for people running pytest by hand without the corpus, node or a built site; both
conftests import the hook below.
"""

from __future__ import annotations

import os

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:  # noqa: ARG001
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and os.environ.get("CITELENS_STRICT") == "1" and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CITELENS_STRICT=1 (make test), so it did not run: {reason}"
    return None
