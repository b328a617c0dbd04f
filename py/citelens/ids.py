"""Papers' identifiers and people's names in their one form, for every stage that reads or compares them.

- :func:`doi`: the first DOI in a text (an entry, an API field, a URL), lower case, without its resolver
  prefix, trailing punctuation, closing brackets it does not open or the next field glued to it.
- :func:`arxiv_id`: the arXiv id a text names (alone, after "arXiv", in an abs/pdf URL, in the arXiv DOI
  ``10.48550/arXiv.<id>``), without its version: the id names the paper and every version of it (the
  version an entry cites stays in its raw text).
- :func:`title_key`: a title as compared: LaTeX accents and letters decoded and other commands dropped,
  accents dropped, case folded ("ß" → "ss"), every run of other characters one space.
- :func:`match_keys`: ``doi:<doi>``, ``arxiv:<id>``, ``title:<title key>|<year>``, the keys under which the
  library and the look-up cache find a paper (a title counts only with its year).
- :func:`split_name`: a person's name as family name (with its particles: "van der Berg"), given names
  and generational suffix ("Jr."), in BibTeX's rules; :func:`fold`: text without case or accents, and
  :func:`letters`: a surname's letters, for comparing.

What the worker hands the reader carries these already (each reference's and record's ``keys``);
web/library/ids.js mirrors doi, arxiv_id, title_key and match_keys for the files the browser imports itself
(BibTeX, CSL-JSON), and web/library/names.js splits names by the same rules. ``tests/ids_cases.json`` is the
one table of cases both languages must agree on (tests/test_ids.py, tests/js/ids.test.mjs). Pure and total:
no text raises.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from itertools import takewhile
from typing import Any
from urllib.parse import unquote

from citelens.patterns import (ARXIV_ALONE, ENTRY_DOI_TAIL, LATEX_ACCENT, LATEX_COMMAND, LATEX_LETTER, NAME_GENERATION,
                               REF_ARXIV, REF_DOI, TITLE_KEY_GAP)

# ----------------------------------------------------------------------------------------- DOI


def doi(value: Any) -> str | None:
    """The first DOI in ``value``, in its one form, or None.

    >>> doi("https://doi.org/10.48550/arXiv.2312.07559"), doi("doi:10.1063/1.4938384.")
    ('10.48550/arxiv.2312.07559', '10.1063/1.4938384')
    >>> doi("(see 10.1016/S0140-6736(20)30183-5)"), doi("10.1103/PhysRevD.94.085018.URL https://x")
    ('10.1016/s0140-6736(20)30183-5', '10.1103/physrevd.94.085018')
    >>> doi("not a doi"), doi(None)
    (None, None)
    """
    if not isinstance(value, str) or "10." not in value:
        return None
    if "%2f" in value.lower():
        value = unquote(value)  # a DOI inside a URL's query: "?doi=10.1000%2Fxyz"
    match = REF_DOI.search(value)
    if match is None:
        return None
    found = match.group("doi")
    tail = ENTRY_DOI_TAIL.search(found)
    if tail is not None:
        found = found[:tail.start()]  # "10.1103/PhysRevD.94.085018.URL https://…": the next field, glued
    opened = found.rfind("(")
    if opened > 0 and ")" not in found[opened:]:
        found = found[:opened]  # "…29.5.551(in Korean": a remark in parentheses, glued
    return trim(found).lower()


def trim(s: str) -> str:
    """Trailing punctuation off an identifier or a URL, and closing brackets it does not open.

    >>> trim("10.1000/x)."), trim("10.1002/(SICI)1097(1996)"), trim("https://a.org/b>")
    ('10.1000/x', '10.1002/(SICI)1097(1996)', 'https://a.org/b')
    """
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


# --------------------------------------------------------------------------------------- arXiv


def arxiv_id(value: Any) -> str | None:
    """The arXiv id ``value`` names, without version, or None. An old-style id keeps arXiv's case
    ("math.GT/0309136").

    >>> arxiv_id("2006.03654v2"), arxiv_id("10.48550/arXiv.2312.07559"), arxiv_id("arXiv preprint arXiv:2302.07302v2")
    ('2006.03654', '2312.07559', '2302.07302')
    >>> arxiv_id("https://arxiv.org/abs/cs/0112017v1"), arxiv_id("arXiv:MATH.gt/0309136"), arxiv_id("nope")
    ('cs/0112017', 'math.GT/0309136', None)
    """
    if not isinstance(value, str):
        return None
    match = ARXIV_ALONE.match(value) or REF_ARXIV.search(value)
    if match is None:
        return None
    found = match.group("id")
    if "/" not in found:
        return found
    archive, number = found.split("/")
    name, dot, subject = archive.partition(".")
    return f"{name.lower()}{dot}{subject.upper()}/{number}"


# -------------------------------------------------------------------------------------- titles

# The letters LaTeX names by command (web/latex.js decodes the same).
_LATEX_LETTERS = {"ss": "ß", "SS": "SS", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
                  "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}


def title_key(title: Any) -> str:
    """A title as compared; "" for no title.

    >>> title_key("Huggingface’s Transformers: State-of-the-art NLP")
    'huggingface s transformers state of the art nlp'
    >>> title_key(r"{\\\"U}ber Stra{\\ss}en -- {BERT}") == title_key("Über Straßen – BERT") == "uber strassen bert"
    True
    """
    if not isinstance(title, str) or not title:
        return ""
    value = title
    if "\\" in value:
        value = LATEX_ACCENT.sub(lambda m: (m.group("braced") or m.group("bare")).lstrip("\\"), value)
        value = LATEX_LETTER.sub(lambda m: _LATEX_LETTERS[m.group("name")], value)
        value = LATEX_COMMAND.sub(" ", value)  # formatting (\emph), escaped signs (\&): no letters
    value = value.replace("{", "").replace("}", "")
    value = unicodedata.normalize("NFKD", value)
    value = "".join(ch for ch in value if not unicodedata.category(ch).startswith("M")).casefold()
    return " ".join(TITLE_KEY_GAP.sub(" ", value).split())


def match_keys(doi_text: Any = None, arxiv: Any = None, title: Any = None, year: Any = None) -> list[str]:
    """The keys a paper is found by: its DOI, its arXiv id (its own, else the one its DOI names), its title
    key with its year.

    >>> match_keys("https://doi.org/10.48550/arXiv.1706.03762", None, "Attention Is All You Need", 2017)
    ['doi:10.48550/arxiv.1706.03762', 'arxiv:1706.03762', 'title:attention is all you need|2017']
    >>> match_keys(None, "math.GT/0309136v2", "A title"), match_keys()
    (['arxiv:math.gt/0309136'], [])
    """
    keys = []
    found = doi(doi_text)
    if found:
        keys.append(f"doi:{found}")
    arxiv = arxiv_id(arxiv) or arxiv_id(found)
    if arxiv:
        keys.append(f"arxiv:{arxiv.lower()}")
    key = title_key(title)
    when = year if isinstance(year, int) and not isinstance(year, bool) else _year(year)
    if key and when is not None:
        keys.append(f"title:{key}|{when}")
    return keys


def _year(value: Any) -> int | None:
    """The whole number a text starts with, as JavaScript's parseInt reads a year ("2019", " 2019a")."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    body = text[1:] if text[:1] in "+-" else text
    digits = "".join(takewhile(lambda c: c in "0123456789", body))
    return int(text[:len(text) - len(body)] + digits) if digits else None


# ---------------------------------------------------------------------------------------- names


@dataclass(frozen=True, slots=True)
class Name:
    """A person's name in parts; ``literal`` alone for a name that has none (one word, an organisation)."""

    family: str | None = None
    given: str | None = None
    suffix: str | None = None
    literal: str | None = None


def split_name(name: str) -> Name:
    """A name as written, "Given von Family", "von Family, Given" or "von Family, Jr, Given", in parts.

    The family name is the last word, from the first lower-case word before it on (its particles:
    "Ludwig van Beethoven", "Jean de la Fontaine", "Charles de la Vallée Poussin"); a generational suffix
    written after the name ("Martin Luther King Jr.") is no family name. A single word stays ``literal``.

    >>> split_name("Aidan N. Gomez")
    Name(family='Gomez', given='Aidan N.', suffix=None, literal=None)
    >>> split_name("Pius von Däniken").family, split_name("van der Berg, J.").family, split_name("OpenAI").literal
    ('von Däniken', 'van der Berg', 'OpenAI')
    >>> split_name("Martin Luther King Jr.")
    Name(family='King', given='Martin Luther', suffix='Jr.', literal=None)
    """
    parts = [" ".join(p.split()) for p in name.split(",")]
    if len(parts) > 1 and parts[0]:
        suffix = parts[1] if len(parts) > 2 else None
        given = " ".join(p for p in parts[2 if len(parts) > 2 else 1:] if p)
        return Name(family=parts[0], given=given or None, suffix=suffix or None)
    words = name.split()
    suffix = None
    if len(words) > 2 and NAME_GENERATION.match(words[-1]):
        suffix = words.pop()
    if len(words) < 2:
        return Name(literal=" ".join(name.split()))
    lower = [_is_lower(w) for w in words[:-1]]
    cut = lower.index(True) if True in lower else len(words) - 1
    return Name(family=" ".join(words[cut:]), given=" ".join(words[:cut]) or None, suffix=suffix)


def _is_lower(word: str) -> bool:
    """A word is a particle's when its first letter is lower case ("van", "d’", not "Van" or "O’Neil")."""
    letter = next((c for c in word if c.isalpha()), "")
    return letter.islower()


def fold(text: str) -> str:
    """``text`` case-folded, compatibility forms folded ("ﬁ" → "fi"), diacritics dropped whether they sit
    on their letter or beside it; every other character kept.

    >>> fold("M¨uller, Rudov´a & ﬁg. 2")
    'muller, rudova & fig. 2'
    """
    if text.isascii():  # (most text: nothing to decompose or drop, it case-folds as it lowers; "`" the one accent)
        return (text.replace("`", "") if "`" in text else text).lower()
    return unicodedata.normalize("NFKD", text.translate(_SPACING_ACCENTS)).casefold().translate(_COMBINING)


def letters(text: str) -> str:
    """The letters of :func:`fold`'s ``text``: a surname as compared.

    >>> letters("Smith et al. (2001), ﬁg. 2")
    'smithetalfig'
    >>> letters("Ostoji´c") == letters("Ostojić") == "ostojic"
    True
    """
    return "".join(ch for ch in fold(text) if ch.isalpha())


# Accents a PDF may set as characters of their own ("Ostoji´c"); ˆ and ˇ are modifier letters, which
# str.isalpha() would keep.
_SPACING_ACCENTS = dict.fromkeys(map(ord, "´`¨ˆ˜¸ˇ˘˙˚˝¯"))


class _Combining(dict[int, int | None]):
    """A table for ``str.translate`` that drops combining characters (those of a combining class) and keeps the
    rest; each character's class is looked up once, the first time it is met."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        self[code] = kept
        return kept


_COMBINING = _Combining()
