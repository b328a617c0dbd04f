"""The user's settings for the resolver, and its default thresholds.

:class:`Settings` is what a person chooses (the worker receives it as ``{mailto, openalexKey, s2Key}``);
:class:`~citelens.params.ResolveParams` holds the thresholds and timings, in :mod:`citelens.params` with the
analysis stages' (``PARAMS`` here is ``citelens.params.PARAMS.resolve``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from citelens.params import PARAMS as _ALL
from citelens.params import HostLimits, ResolveParams

__all__ = ["PARAMS", "HostLimits", "ResolveParams", "Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    #: Sent as ``mailto=`` to Crossref: its "polite" pool (browsers cannot set a User-Agent).
    mailto: str | None = None
    #: OpenAlex is asked only with a key (since 2026-02 the keyless allowance is a few searches a day).
    openalex_key: str | None = None
    #: A Semantic Scholar key would need the ``x-api-key`` header, i.e. a CORS preflight: kept for the
    #: CLI; the browser sends ``null``.
    s2_key: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Settings:
        """The worker's ``settings`` object (camelCase keys; snake_case accepted too).

        >>> Settings.from_json({"mailto": "a@b.org", "openalexKey": "", "s2Key": None})
        Settings(mailto='a@b.org', openalex_key=None, s2_key=None)
        """
        data = data or {}

        def get(*names: str) -> str | None:
            for name in names:
                value = data.get(name)
                if isinstance(value, str) and value.strip():
                    return value.strip()
            return None

        return cls(get("mailto"), get("openalexKey", "openalex_key"), get("s2Key", "s2_key"))


# The thresholds and timings live with every other stage's, in citelens.params.
PARAMS: ResolveParams = _ALL.resolve
