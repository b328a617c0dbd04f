"""One reference entry's fields: authors' surnames, year and its letter, title, DOI, arXiv id and URL.

Input: the entry's text as printed (``raw``, lines joined) and optionally the same text with line breaks
inside identifiers closed (``dense``). Output: a dict of :class:`~citelens.model.Reference`'s parsed
fields. Used by the PDF path (:mod:`citelens.references`, after it has found and split the list) and by
the XML readers, for what their markup leaves out. Pure and total: a field it cannot find stays empty.
"""

from __future__ import annotations

import re
import unicodedata

from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    NAME_ET_AL,
    NAME_FOLLOW,
    NAME_FORENAME_SURNAME,
    NAME_GLUED_AL,
    NAME_INITIALS_SURNAME,
    NAME_LIST_COLON,
    NAME_RUN_ON,
    NAME_SEPARATOR,
    NAME_SINGLE,
    NAME_SPACED_NEXT,
    NAME_SUFFIX,
    NAME_SUFFIX_AFTER,
    NAME_SURNAME_COMMA,
    NAME_SURNAME_ET_AL,
    NAME_SURNAME_INITIALS,
    REF_ARXIV,
    REF_BREAK_INSIDE_ID,
    REF_DIGIT,
    REF_DOI,
    REF_ID_SPAN,
    REF_NAMED_YEAR,
    REF_SPACING_ACCENT,
    REF_URL,
    REF_VANCOUVER_DATE,
    REF_YEAR,
    TITLE_END,
    TITLE_LEAD,
    TITLE_QUOTED,
    TITLE_VENUE,
    TITLE_WORD,
)

# Cheap test for an identifier that may be broken across lines (DOI, URL, arXiv id).
# A break right after a character that cannot end an identifier, or after a dot that a lower-case letter
# or digit continues ("10.1016/j.\ncell.2020", but not "…2461591.\nURL http://…").


def dense_text(text: str) -> str:
    """The entry's text with breaks inside DOIs and URLs closed: "doi.org/10.1001/\\narch..." is one word."""
    return " ".join(REF_BREAK_INSIDE_ID.sub(lambda m: m.group(1) or m.group(2), text).split())


_SPACING_ACCENTS = {"¨": "\u0308", "´": "\u0301", "`": "\u0300", "ˆ": "\u0302", "˜": "\u0303",
                    "¸": "\u0327", "ˇ": "\u030c", "˚": "\u030a", "˝": "\u030b", "˘": "\u0306"}


def compose_accents(text: str) -> str:
    """Put accents the extractor set as separate characters back on their letter.

    LaTeX PDFs give the accent before its letter, others after it; the letter that can carry it wins.

    >>> compose_accents("M¨uller, Cs´anyi, So¨derba¨ck, Montr´eal")
    'Müller, Csányi, Söderbäck, Montréal'
    """
    if not any(c in text for c in _SPACING_ACCENTS):
        return text

    def one(m: re.Match[str]) -> str:
        before, accent, after = m.group(1), m.group(2), m.group(3)
        comb = _SPACING_ACCENTS[accent]
        if after:
            fused = unicodedata.normalize("NFC", after + comb)
            if len(fused) == 1 and (after.lower() in "aeiouy" or not before or accent in "ˇ¸"):
                return before + fused
        if before:
            fused = unicodedata.normalize("NFC", before + comb)
            if len(fused) == 1:
                return fused + after
        if after:
            fused = unicodedata.normalize("NFC", after + comb)
            if len(fused) == 1:
                return before + fused
        return m.group(0)

    return REF_SPACING_ACCENT.sub(one, text)


def parse_entry(raw: str, dense: str | None = None,
                params: ReferencesParams = PARAMS.references) -> dict[str, object]:
    """Authors' surnames, year and letter, title, DOI, arXiv id and URL of one entry's text.

    ``dense`` is the same text with line breaks inside identifiers closed (defaults to ``raw``).

    >>> f = parse_entry("Boslough, M., Brown, P., & Harris, A. W. 2015, in Aerospace Conference, 1-12")
    >>> f["authors"], f["year"]
    (('Boslough', 'Brown', 'Harris'), 2015)
    """
    dense = raw if dense is None else dense
    lower = dense.lower()
    doi = _doi(dense) if "10." in dense else None
    arxiv = _arxiv(dense) if "arxiv" in lower or "abs/" in lower else None
    has_url = "http" in lower or "www." in lower
    url = _url(dense) if has_url else None
    # Years and names are read with identifiers blanked out, so "10.1016/j.cell.2019" is no year.
    text = _blank_ids(raw) if doi or has_url or "doi:" in lower else raw
    ym = _year(text, params)
    year = int(ym.group("year")) if ym else None
    suffix = ym.group("suffix") if ym else None
    authors, authors_end = _authors(text[:2000])
    title = _title(text, authors_end)
    return {"authors": authors, "year": year, "year_suffix": suffix, "title": title, "doi": doi,
            "arxiv_id": arxiv, "url": url}




def _blank_ids(text: str) -> str:
    return REF_ID_SPAN.sub(lambda m: " " * len(m.group(0)), text)


def _doi(text: str) -> str | None:
    m = REF_DOI.search(text)
    if m is None:
        return None
    return _trim_id(m.group("doi")).lower()


def _trim_id(s: str) -> str:
    """Trailing punctuation off an identifier, and closing brackets it does not open."""
    while s:
        c = s[-1]
        if c in ".,;:'’\"”":
            s = s[:-1]
        elif c == ")" and s.count("(") < s.count(")"):
            s = s[:-1]
        elif c == "]" and s.count("[") < s.count("]"):
            s = s[:-1]
        elif c == ">":
            s = s[:-1]
        else:
            break
    return s


def _arxiv(text: str) -> str | None:
    m = REF_ARXIV.search(text)
    return m.group("id") if m else None


def _url(text: str) -> str | None:
    for m in REF_URL.finditer(text):
        u = _trim_id(m.group("url"))
        if "doi.org/" not in u.lower() and len(u) > 8:
            return u
    return None


def _year(text: str, params: ReferencesParams) -> re.Match[str] | None:
    """The entry's year: one in parentheses first, else the first plausible one. A year after a name in
    parentheses ("(Richardson, 1836)", a species' authority in the title; "(Pergamon, 1982)", a book's
    publisher) is taken only when the entry has no other."""
    first: re.Match[str] | None = None
    named: re.Match[str] | None = None
    for m in REF_YEAR.finditer(text):
        y = int(m.group("year"))
        if not params.min_year <= y <= params.max_year:
            continue
        a, b = m.start(), m.end()
        if REF_NAMED_YEAR.search(text, max(0, a - 40), a) and b < len(text) and text[b] == ")":
            named = named or m
            continue
        if (a and text[a - 1] == "(") or (b < len(text) and text[b] == ")"):
            if first is None or a < first.start() + 120:
                return m
        if first is None:
            first = m
    return first or named


_NAME_FORMS = (NAME_SURNAME_COMMA, NAME_SURNAME_INITIALS, NAME_INITIALS_SURNAME, NAME_FORENAME_SURNAME)
# Names in another order that a list in one order still holds: bioRxiv's "Amberg D., D. C. Burke", ASM's
# "Agogué, H., M. Brink", and "R. Smith" among forenames-first names.
_NAME_FALLBACK = {0: (0, 2), 1: (1, 2), 2: (2,), 3: (3, 2)}


def _authors(text: str) -> tuple[tuple[str, ...], int]:
    """Surnames in order, and the offset where the author list ends.

    The first name's order (see patterns.NAME_*) sets the list's; names follow one another while a
    separator joins them, and the list ends at "et al.", a year, a full stop or colon after a surname, or
    text that is not a name in that order ("F. H. Yu, W. A. Catterall, Overview of ...").
    """
    names: list[str] = []
    pos = 0
    end = 0
    form: int | None = None
    vancouver = REF_VANCOUVER_DATE.search(text) is not None
    while pos < len(text) and len(names) < 500:
        found = _name_at(text, pos, form, vancouver)
        if found is None:
            break
        k, m, strong = found
        sur = m.group("sur")
        stop = m.end()
        if _glued_et_al(text, m):
            sur, stop = sur[:-2], stop - 2  # "Paparellaet al." (the space got lost)
        if not sur or NAME_SUFFIX.match(sur):
            break
        names.append(sur)
        form = k if form is None else form
        pos = end = _after_suffix(text, stop)
        if not strong:
            break
        if "et" in text[pos:pos + 5]:
            etal = NAME_ET_AL.match(text, pos)
            if etal is not None:
                end = etal.end()
                break
        sep = NAME_SEPARATOR.match(text, pos)
        if sep is None and form == 3:
            sep = NAME_SPACED_NEXT.match(text, pos)  # "A Ames B Bell": no comma between the names
        if sep is None or sep.end() == pos:
            break
        pos = sep.end()
    return tuple(names), end


def _glued_et_al(text: str, m: re.Match[str]) -> bool:
    return m.group("sur").endswith("et") and NAME_GLUED_AL.match(text, m.end()) is not None




def _name_at(text: str, pos: int, form: int | None,
             vancouver: bool = False) -> tuple[int, re.Match[str], bool] | None:
    """The name at ``pos`` in the list's order (or, for the first name, in the order that fits best),
    and whether what follows it is a clear separator (strong) or only the list's end (weak).

    ``vancouver``: the entry dates itself as Vancouver lists do ("1990;18(1)"), whose names put the
    surname first: "Gray G. Twelve-fold." is then Gray's, not a forename-first "Twelve-fold".
    """
    weak: tuple[int, re.Match[str], bool] | None = None
    for k in (range(len(_NAME_FORMS)) if form is None else _NAME_FALLBACK[form]):
        if k == 3 and vancouver and weak is not None:
            break
        m = _NAME_FORMS[k].match(text, pos)
        if m is None:
            continue
        after = _after_suffix(text, m.end())
        if NAME_FOLLOW.match(text, after) is not None or _glued_et_al(text, m):
            return k, m, True
        if k <= 2 and NAME_LIST_COLON.match(text, after) is not None:
            return k, m, False  # "Loefer JK, Sedberry GR: Life history ..." (F1000)
        if k == 3 and NAME_SPACED_NEXT.match(text, after) is not None \
                and not any(c.islower() for c in m.group("ini")):
            return k, m, True  # "A Ames B Bell (2001)"
        if k == 2 and form == 2 and weak is None and NAME_RUN_ON.match(text, after) is not None:
            weak = (k, m, False)  # "A. Andrew, B. Brown Projection neurons ...": the title runs on
            continue
        ini = m.group("ini")
        if weak is None and k <= 1 and ini.rstrip().endswith(".") \
                and (after >= len(text) or text[after].isspace() or text[after - 1].isspace()
                     or text[after].isupper()):
            # "Acheson JM. The tragedy ...", "Koch, C.Biophysics of ...": the list ends with this name.
            weak = (k, m, False)
    if weak is None and "et" in text[pos:pos + 60]:
        etal = NAME_SURNAME_ET_AL.match(text, pos)  # "Mainzer et al. 2011"
        if etal is not None:
            return (form or 0), etal, True
    if weak is None and form is None and pos == 0:
        single = NAME_SINGLE.match(text)  # "CEPAL (2002) Globalización y desarrollo."
        if single is not None:
            return 0, single, False
    return weak


def _after_suffix(text: str, pos: int) -> int:
    """Past a generational suffix after a name ("Bommarito II,", "Brooks, C. L., III"), if any."""
    k = pos
    while k < len(text) and text[k] in ", ":
        k += 1
    if k < len(text) and text[k] in "JSI":
        m = NAME_SUFFIX_AFTER.match(text, pos)
        if m is not None:
            return m.end()
    return pos


_TITLE_ABBREV = frozenset({"vs", "no", "vol", "pp", "st", "dr", "eg", "ie", "al", "ed", "eds", "fig", "inc",
                           "co", "ltd", "jr", "mr", "ms"})


def _title(text: str, authors_end: int) -> str | None:
    lead = TITLE_LEAD.match(text, authors_end)
    begin = lead.end() if lead else authors_end
    quoted = TITLE_QUOTED.match(text, begin)
    if quoted:
        return quoted.group("title").strip(" ,.")  # IEEE: E. Braunwald, “Shattuck lecture: ...,”
    rest = text[begin:]
    if rest[:3].lower() in ("in ", "in:"):
        return None  # "2015, in Aerospace Conference": a venue, no title
    venue = TITLE_VENUE.search(rest)
    if venue is not None:
        rest = rest[: venue.start()]
    for m in TITLE_END.finditer(rest):
        stop = m.start()
        word = rest[max(rest.rfind(" ", 0, stop), rest.rfind(".", 0, stop)) + 1:stop]
        if m.group(0) == "." and (len(word) <= 1 or word.lower().strip("(") in _TITLE_ABBREV):
            continue
        cand = _without_venue(rest[: stop + (m.group(0) != ".")].strip(" ,;:"))
        return cand if _title_like(cand) else None
    cand = _without_venue(rest.strip(" ,;:.")[:300])
    return cand if _title_like(cand) else None


_MINOR_WORDS = frozenset({"of", "on", "and", "the", "in", "for", "its", "de", "des", "der", "und", "&", "a"})


def _without_venue(cand: str) -> str:
    """Elsevier's numbered style runs the title into the journal with a comma: drop trailing parts that
    hold a number and only capitalised words ("…, IEEE Sensors Journal 15 (11) (2015) 6542–6548")."""
    parts = cand.split(", ")
    while len(parts) > 1:
        last = parts[-1]
        words = TITLE_WORD.findall(last)
        if any(c.isdigit() for c in last) and words and all(
                w[0].isupper() or w.lower() in _MINOR_WORDS for w in words):
            parts.pop()
        else:
            break
    return ", ".join(parts)




def _title_like(cand: str) -> bool:
    """Not empty, not a lone journal abbreviation ("Phys", "Int"), not a volume and pages ("ApJ, 786, 148")."""
    if len(cand) < 3 or (" " not in cand and len(cand) < 8):
        return False
    chars = len(cand) - cand.count(" ")
    return len(REF_DIGIT.findall(cand)) <= 0.25 * chars


