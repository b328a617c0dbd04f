"""Fast constructors for the frozen, slotted dataclasses the pipeline makes by the thousand a paper: layout's
lines, the references stage's rows, labels, entries, their fields and references.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (about 0.1 us a field): a
Row of ten fields costs 1.0 us, and page_lines builds over a thousand lines a paper, the reference list a Row
of every line of its pages. :func:`frozen_constructor` gives a function that takes the same arguments in the
same order (every field, no defaults) and stores them on an instance of a twin class with the same slots and
no frozen ``__setattr__`` (plain attribute stores), which then becomes an instance of the dataclass, as Python
allows between two classes whose instances are laid out alike. The result is the same object ``cls(...)``
makes: ``==``, ``hash``, ``dataclasses.replace`` and the frozen guard see no difference. Its code is generated
from the class's fields (as ``dataclasses`` generates ``__init__``), so a field added to the class is stored too.
No library does this: ``dataclasses`` has no faster constructor, and a plain class would lose the frozen guard.
In the build compiled by mypyc (``make compiled``) such a class is native, its own constructor as fast:
:func:`frozen_constructor` returns the class itself there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def frozen_constructor(cls: type[T]) -> Callable[..., T]:
    """``cls(*args)`` without its frozen ``__init__``; ``cls`` is a frozen dataclass with slots.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class P:
    ...     x: int
    ...     y: int = 0
    >>> new_p = frozen_constructor(P)
    >>> new_p(1, 2) == P(1, 2), type(new_p(1, 2)) is P
    (True, True)
    """
    if hasattr(cls, "__mypyc_attrs__"):
        return cls  # compiled by mypyc (see pyproject.toml): a native class, its own constructor as fast
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    if set(names) != set(getattr(cls, "__slots__", ())) or {"obj", "_unfrozen", "_cls"} & set(names):
        raise TypeError(f"{cls.__name__} is not a dataclass with a slot for each field and nothing else")

    unfrozen = type(f"Unfrozen{cls.__name__}", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    body = "".join(f"    obj.{n} = {n}\n" for n in names)
    # The twin's own call and a plain store to ``__class__``: ``object.__new__(twin)`` and
    # ``object.__setattr__(obj, "__class__", cls)`` cost 0.08 us more a call (a Line: 0.22 us against 0.14).
    source = f"def build({', '.join(names)}):\n    obj = _unfrozen()\n{body}    obj.__class__ = _cls\n" \
        "    return obj\n"
    namespace: dict[str, Any] = {"_unfrozen": unfrozen, "_cls": cls}
    exec(source, namespace)  # noqa: S102 (code made above from the field names only)
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = build.__name__ = f"new_{cls.__name__.lower()}"
    return build
