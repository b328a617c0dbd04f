"""The user's settings and every tunable number of the resolver, in two documented objects.

:class:`Settings` is what a person chooses (the worker receives it as ``{mailto, openalexKey, s2Key}``);
:class:`ResolveParams` holds the thresholds and timings, as :class:`citelens.params.Params` does for the
analysis stages. Numbers come from ``../shared/notes/external-apis.md`` (limits as of late 2026).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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


@dataclass(frozen=True, slots=True)
class HostLimits:
    #: At least this many seconds between the starts of two requests to the host.
    interval: float
    #: At most this many requests to the host in flight at once.
    concurrency: int = 1


@dataclass(frozen=True, slots=True)
class ResolveParams:
    #: A search hit is the paper only if rapidfuzz's token-set ratio of the normalised titles reaches this.
    min_title_ratio: float = 85.0
    #: ... and the shorter normalised title is at least this share of the longer one (in characters):
    #: token-set ratio scores a title contained in a longer one 100 ("Attention is all you need" vs
    #: "Attention is all you need in speech separation"; "Quotient filters" vs "Vector quotient
    #: filters", 0.70), each a different paper. Subtitles are handled apart (:mod:`~citelens.resolve.match`).
    min_title_length_ratio: float = 0.75
    #: ... and, when both years are known, they differ by at most this many years.
    max_year_gap: int = 1
    #: Rows asked from a Crossref or OpenAlex search; each is checked, the best accepted one kept.
    search_rows: int = 3
    #: Crossref work types that are never the paper a reference cites (a whole volume, a review of it).
    rejected_crossref_types: frozenset[str] = frozenset({
        "peer-review", "component", "grant", "journal", "journal-issue", "journal-volume", "proceedings",
        "proceedings-series", "book-series", "book-set", "report-series", "database"})

    #: Seconds one request may take before it counts as timed out.
    timeout: float = 15.0
    #: Seconds one entry may take in all (every step, retry and wait); past it the entry is unresolved.
    budget: float = 90.0
    #: Retries of one request after a 429, a 503 or a network error (the first try not counted).
    retries: int = 3
    #: Waits between retries without a Retry-After: backoff_base * 2**attempt seconds, at most backoff_max.
    backoff_base: float = 1.0
    backoff_max: float = 30.0
    #: A Retry-After longer than this is not waited for: the request gives up at once.
    max_retry_after: float = 60.0

    #: Per-host pacing. Crossref: public pool 5 req/s, 1 concurrent (polite pool 10/s, 3: see
    #: :meth:`limits`); Semantic Scholar without a key: one shared pool, ~1 req/s; DataCite: ~1,000 per
    #: 5 minutes; OpenAlex: generous with a key.
    hosts: dict[str, HostLimits] = field(default_factory=lambda: {
        "api.crossref.org": HostLimits(0.2, 1),
        "api.semanticscholar.org": HostLimits(1.0, 1),
        "api.datacite.org": HostLimits(0.3, 2),
        "api.openalex.org": HostLimits(0.1, 2),
    })
    default_host: HostLimits = HostLimits(0.5, 1)

    def limits(self, host: str, settings: Settings | None = None) -> HostLimits:
        if settings is not None and settings.mailto and host == "api.crossref.org":
            return HostLimits(0.1, 3)
        return self.hosts.get(host, self.default_host)


PARAMS = ResolveParams()
