"""The examples in the package's docstrings, run against the installed modules.

``--doctest-modules`` only collects the test folders (``testpaths``); importing ``py/citelens`` a second
time under pytest's importlib mode would give each class two identities, so the doctests run here through
the modules as the package imports them.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import citelens

MODULES = sorted(m.name for m in pkgutil.walk_packages(citelens.__path__, "citelens."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
