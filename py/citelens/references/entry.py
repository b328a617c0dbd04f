"""One reference entry's fields: authors' surnames, year and its letter, title, DOI, arXiv id and URL.

Input: the entry's text as printed (``raw``, lines joined) and optionally the same text with line breaks
inside identifiers closed (``dense``). Output: :class:`EntryFields`, the parsed fields of a
:class:`~citelens.model.Reference`. Used by the PDF path (:mod:`citelens.references`, after it has found and split the list) and by
the XML readers, for what their markup leaves out. Pure and total: a field it cannot find stays empty.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from citelens import ids
from citelens.construct import frozen_constructor
from citelens.model import SPACING_ACCENTS
from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    ENTRY_BRACKET_OR_COMMA,
    ENTRY_COLLABORATION,
    ENTRY_ET_AL_END_SCAN,
    ENTRY_ET_AL_OTHER_END,
    ENTRY_GROUP_AUTHOR,
    ENTRY_INITIALLED_NEXT,
    ENTRY_IN_LATIN,
    ENTRY_LABEL,
    ENTRY_MONONYM,
    ENTRY_ORGANISATION,
    ENTRY_PERSON_FIRST,
    ENTRY_PLACE_PUBLISHER,
    ENTRY_PUBLISHER_PAREN,
    ENTRY_QUOTED_TITLE,
    ENTRY_QUOTE_MARK,
    ENTRY_SAME_AUTHORS,
    ENTRY_SERIES_PAREN,
    ENTRY_SPACE_BEFORE_PUNCT,
    ENTRY_SPACE_IN_PARENS,
    ENTRY_NO_YEAR,
    ENTRY_IN_HOST,
    ENTRY_TITLE_LEAD,
    ENTRY_TITLE_PART,
    ENTRY_TITLE_STOP_SCAN,
    ENTRY_TYPE_CODE,
    ENTRY_VENUE_OPENS,
    ENTRY_YEAR_SUBTITLE,
    NAME_CAPS_AFTER_FORENAME,
    NAME_CAPS_FIRST,
    NAME_CAPS_RUN,
    NAME_ET_AL,
    NAME_FOLLOW_CLEAR,
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
    NAME_SURNAMES_ONLY,
    NAME_SURNAME_COMMA,
    NAME_SURNAME_ET_AL,
    NAME_SURNAME_FORENAME,
    NAME_SURNAME_INITIALS,
    NAME_UNCASED,
    REF_ACCESS_YEAR_SCAN,
    REF_BREAK_INSIDE_ID,
    REF_DIGIT,
    REF_DIGITS,
    REF_ID_SPAN,
    REF_NAMED_YEAR,
    REF_SPACING_ACCENT,
    REF_SPACING_ACCENT_CHAR,
    REF_URL,
    REF_VANCOUVER_DATE,
    REF_YEAR,
    TITLE_END,
    TITLE_UNCASED,
    TITLE_UNCASED_END,
    TITLE_VENUE,
    TITLE_WORD,
    YEAR_BEFORE_VOLUME,
)


@dataclass(frozen=True, slots=True)
class EntryFields:
    """What one entry's text says; a field the parser cannot find stays empty."""

    authors: tuple[str, ...] = ()  # surnames in order, particles kept; one set in capitals as cited ("CHANG": "Chang")
    year: int | None = None
    year_suffix: str | None = None  # the letter after the year ("2019b")
    title: str | None = None
    doi: str | None = None  # lower case, without the punctuation that follows it in the text
    arxiv_id: str | None = None
    url: str | None = None
    et_al: bool = False  # the author list ends with "et al.": more authors than ``authors``


_new_fields = frozen_constructor(EntryFields)


# Cheap test for an identifier that may be broken across lines (DOI, URL, arXiv id).
# A break right after a character that cannot end an identifier, or after a dot that a lower-case letter
# or digit continues ("10.1016/j.\ncell.2020", but not "…2461591.\nURL http://…").


def dense_text(text: str) -> str:
    """The entry's text with breaks inside DOIs and URLs closed: "doi.org/10.1001/\\narch..." is one word."""
    return " ".join(REF_BREAK_INSIDE_ID.sub("", text).split())


# The accents REF_SPACING_ACCENT finds, and their combining marks (one table: citelens.model's).
_SPACING_ACCENTS = {c: SPACING_ACCENTS[c] for c in "¨´`ˆ˜¸ˇ˚˝˘"}


def compose_accents(text: str) -> str:
    """Put accents the extractor set as separate characters back on their letter.

    Text from a PDF comes with its accents on their letters already, placed by the glyphs' positions
    (:data:`citelens.model.SPACING_ACCENTS`); this is for an entry's text from elsewhere (a reference string,
    a document JSON of another reader), where only the characters say which letter: LaTeX gives the accent
    before its letter, others after it; the letter that can carry it wins.

    >>> compose_accents("M¨uller, Cs´anyi, So¨derba¨ck, Montr´eal")
    'Müller, Csányi, Söderbäck, Montréal'
    """
    if REF_SPACING_ACCENT_CHAR.search(text) is None:
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
                params: ReferencesParams = PARAMS.references) -> EntryFields:
    """Authors' surnames, year and letter, title, DOI, arXiv id, URL of one entry's text, and whether its
    author list ends with "et al.".

    ``dense`` is the same text with line breaks inside identifiers closed (defaults to ``raw``).

    >>> f = parse_entry("Boslough, M., Brown, P., & Harris, A. W. 2015, in Aerospace Conference, 1-12")
    >>> f.authors, f.year
    (('Boslough', 'Brown', 'Harris'), 2015)
    """
    dense = raw if dense is None else dense
    # A list's label left on the text ("[26] S. Scherer", "17.Creed PA") is no part of the first name.
    label = ENTRY_LABEL.match(raw)
    if label is not None:
        raw = raw[label.end():]
    lower = dense.lower()
    doi = ids.doi(dense) if "10." in dense else None
    arxiv = ids.arxiv_id(dense) if "arxiv" in lower or "abs/" in lower else None
    has_url = "http" in lower or "www." in lower
    url = _url(dense) if has_url else None
    # Years and names are read with identifiers blanked out, so "10.1016/j.cell.2019" is no year.
    text = _blank_ids(raw) if doi or has_url or "doi:" in lower else raw
    text = _close_spacing(text)
    ym = _year(text, params)
    year = int(ym.group("year")) if ym else None
    suffix = ym.group("suffix") if ym else None
    vancouver = ";" in text and REF_VANCOUVER_DATE.search(text) is not None
    names = text[:params.authors_max_chars]
    authors, authors_end = _authors(names if vancouver else _surnames_cased(names), vancouver)
    title = _title(text, authors_end, ym, vancouver, params)
    if not authors and text[:1] in "“\"'‘«":
        quoted = ENTRY_QUOTED_TITLE.match(text)
        if quoted is not None:
            # A quoted title first, the names after it (some physics and engineering lists):
            # '"Single defect centres in diamond: A review", F. Jelezko, and J. Wrachtrup, Phys. Stat. Sol.'
            lead = ENTRY_TITLE_LEAD.match(text, quoted.end())  # (matches always: all of it optional)
            after = lead.end() if lead else quoted.end()
            authors = _authors(text[after:after + params.authors_max_chars], vancouver)[0]
    # "Smith, X. et al. 2019": the list names only its first authors.
    et_al = bool(authors) and (ENTRY_ET_AL_END_SCAN.search(text, 0, authors_end) is not None
                               or any(w in text[:authors_end] for w in _ET_AL_OTHER_WORDS)
                               and ENTRY_ET_AL_OTHER_END.search(text, 0, authors_end) is not None)
    return _new_fields(authors, year, suffix, title, doi, arxiv, url, et_al)


_VOWELS = frozenset("AEIOUYÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜÝ")


def _surnames_cased(text: str) -> str:
    """The entry's text with surnames set in capitals ("Joseph Chee CHANG, Dan KLEIN and Kyle LO", "SMITH,
    John, and Robert LEE") written as the text cites them ("Chang", "Klein", "Lo"), for reading its names:
    many lists set surnames in capitals or small capitals, and a short one ("LO", "LEE") after a forename
    reads like a Vancouver name's initials ("Smith JA"). Only where more of them are words no initials are
    (four letters or more, a vowel among them) than are initials for certain (no vowel): a Vancouver list's
    initials may be long ("Verkerk AJMH, ... Willems PJ, Nelson DL"). The text keeps its length, so offsets
    hold.

    >>> _surnames_cased("Kyle LO, Joseph Chee CHANG, and Andrew HEAD. 2023. Paper plain.")
    'Kyle Lo, Joseph Chee Chang, and Andrew Head. 2023. Paper plain.'
    >>> _surnames_cased("Smith JA, Lee B. Cell signalling in yeast. J Biol. 2001;3:1-2.")[:16]
    'Smith JA, Lee B.'
    """
    if NAME_CAPS_RUN.search(text) is None:
        return text
    spans = [m.span("sur") for m in NAME_CAPS_AFTER_FORENAME.finditer(text)]
    first = NAME_CAPS_FIRST.match(text)
    if first is not None:
        spans.insert(0, first.span("sur"))
    words = [text[a:b] for a, b in spans]
    names = sum(sum(c.isalpha() for c in w) >= 4 and not _VOWELS.isdisjoint(w) for w in words)
    if names <= sum(_VOWELS.isdisjoint(w) for w in words):
        return text
    out = text
    for a, b in spans:
        word = text[a:b].title()
        if len(word) == b - a:
            out = out[:a] + word + out[b:]
    return out


def _close_spacing(text: str) -> str:
    """Spaces put before punctuation instead of after it moved back: "Phys .Rev .Lett" → "Phys. Rev. Lett",
    "( 2016 )" → "(2016)" (some extractors set a glyph's gap on its wrong side)."""
    if " ." in text or " ," in text or " ;" in text or " :" in text:
        text = ENTRY_SPACE_BEFORE_PUNCT.sub(lambda m: m.group("p") + (" " if m.group("glued") is not None else ""),
                                            text)
    if "( " in text or " )" in text:
        text = ENTRY_SPACE_IN_PARENS.sub("", text)
    return text


def _blank_ids(text: str) -> str:
    return REF_ID_SPAN.sub(lambda m: " " * len(m.group(0)), text)


def _url(text: str) -> str | None:
    for m in REF_URL.finditer(text):
        u = ids.trim(m.group("url"))
        if "doi.org/" not in u.lower() and len(u) > 8:
            return u
    return None


def _year(text: str, params: ReferencesParams) -> re.Match[str] | None:
    """The entry's year: one in parentheses first, else the first plausible one. A year after a name in
    parentheses ("(Richardson, 1836)", a species' authority in the title; "(Pergamon, 1982)", a book's
    publisher) or the year a web page was read ("(accessed Jan 3, 2018)") is taken only when the entry has no
    other."""
    first: re.Match[str] | None = None
    last_resort: re.Match[str] | None = None
    undated = ENTRY_NO_YEAR.search(text, 0, params.authors_max_chars) \
        if "n.d" in text or "press" in text or "forthcoming" in text else None
    for m in REF_YEAR.finditer(text):
        if undated is not None and m.start() > undated.start():
            return None  # "Evans, E. (n.d.). A page. Retrieved March 3, 2020": undated, read in 2020
        y = int(m.group("year"))
        if not params.min_year <= y <= params.max_year:
            continue
        a, b = m.start(), m.end()
        if REF_ACCESS_YEAR_SCAN.search(text, max(0, a - params.named_year_chars), a):
            last_resort = last_resort or m
            continue
        if REF_NAMED_YEAR.search(text, max(0, a - params.named_year_chars), a) and b < len(text) and text[b] == ")":
            last_resort = last_resort or m
            continue
        if (a and text[a - 1] == "(") or (b < len(text) and text[b] == ")"):
            if first is None or a < first.start() + params.paren_year_reach:
                return m
        if first is None:
            first = m
            if YEAR_BEFORE_VOLUME.match(text, b):
                return m
        elif YEAR_BEFORE_VOLUME.match(text, b):
            # Vancouver's and BMC's date stands between the journal and its volume ("Lancet 2012, 380:2197",
            # "Lancet. 2012 Dec 15;380(9859):2197"): a year before it was the title's ("... Study 2010.").
            return m
    return first or last_resort


_NAME_FORMS = (NAME_SURNAME_COMMA, NAME_SURNAME_INITIALS, NAME_INITIALS_SURNAME, NAME_FORENAME_SURNAME,
               NAME_SURNAME_FORENAME, NAME_UNCASED)
# Names in another order that a list in one order still holds: bioRxiv's "Amberg D., D. C. Burke", ASM's
# "Agogué, H., M. Brink", "R. Smith" among forenames-first names and "N. Manjikian and Wayne M. Loueks"
# the other way round ("Nicol, D. M. and E Heidelberger" too); Chicago inverts only the first name
# ("Michalski, Ryszard S., Robert E. Stepp"); a "Surname, Forename" list gives initials where it knows no
# more ("Wu, Yuezhu; Zhang, R. B.").
_NAME_FALLBACK = {None: tuple(range(len(_NAME_FORMS))), 0: (0, 2, 3), 1: (1, 2), 2: (2, 3), 3: (3, 2), 4: (4, 0, 3, 2),
                  5: (5,)}


def _authors(text: str, vancouver: bool = False) -> tuple[tuple[str, ...], int]:
    """Surnames in order, and the offset where the author list ends.

    The first name's order (see patterns.NAME_*) sets the list's; names follow one another while a
    separator joins them, and the list ends at "et al.", a year, a full stop or colon after a surname, or
    text that is not a name in that order ("F. H. Yu, W. A. Catterall, Overview of ...").
    """
    names: list[str] = []
    pos = 0
    dash = ENTRY_SAME_AUTHORS.match(text)
    if dash is not None and dash.end() > 0 and text[: dash.end()].strip(" ,."):
        pos = dash.end()  # "———, Title" or "--, C. W. Landsea, ...": the names above, then any more
    group = ENTRY_COLLABORATION.match(text, pos)
    org = None  # an organisation opening the entry, asked once: first here, again if no name is found
    if group is not None:
        pos = group.end()  # "GEANT4 Collaboration, S. Agostinelli et al.": the members follow
    elif pos == 0:
        org = ENTRY_ORGANISATION.match(text)
        if org is not None and not org.group("group").isupper() \
                and not ENTRY_PERSON_FIRST.match(org.group("group")):
            # An organisation named by what it is ("European Environment Agency (EEA). Environmental ..."),
            # whose last words a person's name would take ("Environment Agency").
            return (org.group("group"),), org.end()
    start = end = pos
    form: int | None = None
    dangling = joined = False
    while pos < len(text) and len(names) < 500:
        found = _name_at(text, pos, form, vancouver)
        if found is None:
            mono = ENTRY_MONONYM.match(text, pos) if form == 1 else None
            if mono is not None and _name_at(text, mono.end(), form, vancouver) is not None:
                # A one-word name among "Surname Initials" ones (Indonesian and other mononyms): "McGuire JA,
                # Brown RM, Mumpuni, Riyanto A"; the list goes on with a name after it.
                names.append(mono.group("sur"))
                pos = end = mono.end()
                joined = False
                continue
            dangling = bool(names) and joined
            break
        k, m, strong, after = found
        if group is not None and not names and k == 3 and not _has_initial(m.group("ini")) \
                and NAME_ET_AL.match(text, after if after >= 0 else m.end()) is None:
            # A collaboration's members are named with initials or followed by "et al.": in "ATLAS Collaboration,
            # The ATLAS Simulation Infrastructure" the title follows.
            break
        sur = m.group("sur")
        stop = m.end()
        if sur.endswith("et") and NAME_GLUED_AL.match(text, stop) is not None:
            sur, stop, after = sur[:-2], stop - 2, -1  # "Paparellaet al." (the space got lost)
        # (NAME_SUFFIX matches four characters at most: longer surnames skip the test.)
        if not sur or (len(sur) <= 5 and NAME_SUFFIX.match(sur)):
            break
        names.append(sur)
        form = k if form is None else form
        pos = end = after if after >= 0 else _after_suffix(text, stop)
        if not strong:
            break
        head = text[pos:pos + 5]
        if "et" in head or head.lstrip(" ,;")[:1] in _ET_AL_OTHER_FIRST:
            etal = NAME_ET_AL.match(text, pos)
            if etal is not None:
                end = etal.end()
                break
        sep = NAME_SEPARATOR.match(text, pos)
        if sep is None and form == 3:
            sep = NAME_SPACED_NEXT.match(text, pos)  # "A Ames B Bell": no comma between the names
        if sep is None or sep.end() == pos:
            break
        joined = "and" in sep.group(0) or "&" in sep.group(0)
        pos = sep.end()
    if form == 4 and dangling:
        # "Reconstruction, Energy Calibration, and Identification of ...": a "Surname, Forename" list
        # whose "and" no name follows was the title's words, not names.
        names, end = [], pos if group is None else group.end()
    elif form == 3 and dangling and len(names) == 1 and not ENTRY_INITIALLED_NEXT.match(text, pos):
        # "Smith J. Cells and Tissues in Culture": no name follows the "and", so "J. Cells" was no forename's
        # initial and surname but the one author's initial and the title's first word.
        alone = _name_at(text, start, 1, vancouver)
        if alone is not None:
            names, end = [alone[1].group("sur")], alone[3]
    if group is not None:
        # Author-year text cites the collaboration by its name ("Astropy Collaboration et al. 2018"), so it
        # is the first author, its members after it; alone, it is the author ("CMS collaboration, Title").
        names.insert(0, group.group("group"))
    if not names and pos == 0:
        org = ENTRY_GROUP_AUTHOR.match(text) or org
        if org is not None:
            return (org.group("group"),), org.end()  # "The Cancer Genome Atlas Research Network (2008)"
        bare = NAME_SURNAMES_ONLY.match(text)
        if bare is not None:  # "Akima, A New Method of ...", "Lowe and Cheng, Drugs of the Future": no initials
            return tuple(n for n in (bare.group("first"), bare.group("second")) if n), bare.end()
    return tuple(names), end


# The first letters of "et al." in the lists' other languages ("u. a.", "y cols.", "e col.", "и др.", "κ.ά.") ...
_ET_AL_OTHER_FIRST = frozenset("uyeиκ")
# ... and a piece each holds, to look for before the pattern (ENTRY_ET_AL_OTHER_END) is searched.
_ET_AL_OTHER_WORDS = ("a.", "col", "др", "ά.")


def _glued_et_al(text: str, m: re.Match[str]) -> bool:
    return m.group("sur").endswith("et") and NAME_GLUED_AL.match(text, m.end()) is not None




def _name_at(text: str, pos: int, form: int | None,
             vancouver: bool = False) -> tuple[int, re.Match[str], bool, int] | None:
    """The name at ``pos`` in the list's order (or, for the first name, in the order that fits best),
    whether what follows it is a clear separator (strong) or only the list's end (weak), and the offset past
    the name's generational suffix (-1 where not measured).

    ``vancouver``: the entry dates itself as Vancouver lists do ("1990;18(1)"), whose names put the
    surname first: "Gray G. Twelve-fold." is then Gray's, not a forename-first "Twelve-fold".
    """
    weak: tuple[int, re.Match[str], bool, int] | None = None
    for k in _NAME_FALLBACK[form]:
        if k == 3 and vancouver and weak is not None:
            break
        m = _NAME_FORMS[k].match(text, pos)
        if m is None:
            continue
        if k == 3 and form in (0, 2) and not _has_initial(m.group("ini")):
            continue  # in "J. Doe, Integrating Register Allocation and ..." the title goes on, no name
        if k == 3 and text.startswith(".", m.end()) and m.group("sur") in _JOURNAL_ABBREVIATIONS:
            continue  # "Weldon H A. Phys. Rev.": an abbreviated journal, not "H. A. Phys"
        after = _after_suffix(text, m.end())
        # An "and" a lower-case word follows joins a title's words: "M. Isolation and purification of" is no name.
        if NAME_FOLLOW_CLEAR.match(text, after) is not None or _glued_et_al(text, m):
            return k, m, True, after
        if k <= 2 and NAME_LIST_COLON.match(text, after) is not None:
            return k, m, False, after  # "Loefer JK, Sedberry GR: Life history ..." (F1000)
        if k == 3 and NAME_SPACED_NEXT.match(text, after) is not None \
                and not any(c.islower() for c in m.group("ini")):
            return k, m, True, after  # "A Ames B Bell (2001)"
        if k == 2 and form == 2 and weak is None and NAME_RUN_ON.match(text, after) is not None:
            weak = (k, m, False, after)  # "A. Andrew, B. Brown Projection neurons ...": the title runs on
            continue
        ini = m.group("ini")
        if weak is None and k in (0, 1, 4) and (ini.rstrip().endswith(".") or text[after - 1] == ".") \
                and (after >= len(text) or text[after].isspace() or text[after - 1].isspace()
                     or text[after].isupper()):
            # "Acheson JM. The tragedy ...", "Koch, C.Biophysics of ...", "Boice JD Jr. Radiation and ...",
            # "Nevius, John L. The Planting of ...": the list ends with this name.
            weak = (k, m, False, after)
    if weak is None and "et" in text[pos:pos + 60]:
        etal = NAME_SURNAME_ET_AL.match(text, pos)  # "Mainzer et al. 2011"
        if etal is not None:
            return (form or 0), etal, True, -1
    if weak is None and form is None and pos == 0:
        single = NAME_SINGLE.match(text)  # "CEPAL (2002) Globalización y desarrollo."
        if single is not None:
            return 0, single, False, -1
    return weak


# Abbreviated words of journal names, never a surname before a full stop ("Phys. Rev. Lett.", "Proc. Natl.").
_JOURNAL_ABBREVIATIONS = frozenset({"Phys", "Rev", "Lett", "Proc", "Nucl", "Chem", "Biol", "Astrophys", "Math",
                                    "Sci", "Natl", "Acad", "Trans", "Conf", "Appl", "Commun", "Comput", "Mater"})


def _has_initial(forenames: str) -> bool:
    """A forename part holds an initial: "Wayne M. " does, "Integrating Register " does not (a name
    written out in a list of initials keeps one: "N. Manjikian and Wayne M. Loueks")."""
    return any(len(w.rstrip(".")) == 1 for w in forenames.split())


def _after_suffix(text: str, pos: int) -> int:
    """Past a generational suffix after a name ("Bommarito II,", "Brooks, C. L., III"), if any."""
    # The first character after the commas and spaces; most names are followed by ", " and a capital, found
    # in a three-character slice without a loop.
    head = text[pos:pos + 3].lstrip(", ")
    if head:
        first = head[0]
    else:
        k = pos + 3
        while k < len(text) and text[k] in ", ":
            k += 1
        first = text[k] if k < len(text) else ""
    if first and first in "JSI":
        m = NAME_SUFFIX_AFTER.match(text, pos)
        if m is not None:
            return m.end()
    return pos


_TITLE_ABBREV = frozenset({"vs", "no", "vol", "pp", "st", "dr", "eg", "ie", "al", "ed", "eds", "fig", "inc",
                           "co", "ltd", "jr", "mr", "ms", "sp", "spp", "subsp", "ssp", "var", "cf"})


def _title(text: str, authors_end: int, year: re.Match[str] | None = None, vancouver: bool = False,
           params: ReferencesParams = PARAMS.references) -> str | None:
    lead = ENTRY_TITLE_LEAD.match(text, authors_end)
    begin = lead.end() if lead else authors_end
    quoted = _quoted_title(text, begin, params)
    if quoted is not None:
        return quoted
    rest = text[begin:]
    if "[" in rest and (code := ENTRY_TYPE_CODE.search(rest)) is not None and code.start() > 0:
        cand = rest[:code.start()].strip(" ,;:.")[:params.title_max_chars]  # "Title[J]. Journal, 2019"
        return cand if _title_like(cand, params) else None
    if " // " in rest and (host := ENTRY_IN_HOST.search(rest)) is not None:
        cand = rest[:host.start()].strip(" ,;:.")[:params.title_max_chars]  # "Title // Journal. 2019."
        return cand if _title_like(cand, params) else None
    if rest[:3].lower() in ("in ", "in:") and not ENTRY_IN_LATIN.match(rest):
        return None  # "2015, in Aerospace Conference": a venue, no title (but "In situ determination of ...")
    if TITLE_UNCASED.match(rest):
        end = TITLE_UNCASED_END.search(rest)
        cand = (rest[:end.start()] if end else rest).strip(" ,;:")[:params.title_max_chars]
        return cand if _title_like(cand, params) else None
    cut = len(rest)
    venue = TITLE_VENUE.search(rest)
    if venue is not None:
        cut = venue.start()
    scan = ENTRY_TITLE_STOP_SCAN.search(rest, 0, cut)
    if scan is not None and scan.start() > 0:
        cut = scan.start()
    if "(" in rest:
        for pattern in (ENTRY_PUBLISHER_PAREN, ENTRY_SERIES_PAREN):
            paren = pattern.search(rest, 0, cut)
            if paren is not None and paren.start() > 0:
                # "Lie Algebras (Wiley International, New York, London, 1962)", "(Springer Series in ...)"
                cut = paren.start()
    dated = False
    if year is not None and begin + 8 < year.start() < begin + cut and text[year.start() - 1] in " (" \
            and not ENTRY_YEAR_SUBTITLE.match(text, year.end()):
        # The entry's own year after the title, with no stop before it: the venue or the date follows
        # ("Clinical usefulness of the second derivative of a plethysmogram 1993 Cardiol 23 207--217").
        cut = year.start() - begin - (text[year.start() - 1] == "(")
        dated = True
    rest = rest[:cut]
    found = _sentence_ends(rest)
    ends = list(islice(found, 1))
    if not ends:
        cand = rest.strip(" ,;:.")[:params.title_max_chars]
        if dated and vancouver:
            cand = _without_journal(cand)
        cand = _without_venue(cand, dated)
        return cand if _title_like(cand, params) else None
    k = 0
    while len(ends) < k + 2 and len(ends) < 40:
        ends.extend(islice(found, 1))  # the next stop, fetched only when the title may go on
        if len(ends) < k + 2:
            part = rest[ends[k - 1].end():ends[k].start()] if k > 0 else ""
            if ENTRY_TITLE_PART.match(part) and ":" not in part \
                    and _title_like(cand := _without_venue(rest.strip(" ,;:.")), params):
                return cand  # after a bare part number ("... results. XIII."), the part's title runs to the end
            break
        if not _title_goes_on(rest, ends, k):
            break
        k += 1
    stop = ends[k].start()
    cand = _without_venue(rest[: stop + (ends[k].group(0) != ".")].strip(" ,;:"))
    return cand if _title_like(cand, params) else None


def _lower_goes_on(rest: str, after: int) -> bool:
    """Two lower-case words after a full stop: no sentence opens so, so the stop ended an abbreviation of
    the title ("Trichoderma spp. on Rhizoctonia", "XI-XIV вв. на Синае"), unless the first opens the venue
    ("… models. in the Proc."). One lower-case word may be a journal's name ("eLife", "bioRxiv", "npj
    Computational Materials", a style's lower-cased "bioinformatics, 25").)"""
    words = rest[after:after + 40].split(maxsplit=2)
    if len(words) < 2:
        return False
    first, second = words[0].rstrip(":.,;"), words[1].rstrip(":.,;")
    return first.isalpha() and first.islower() and second.isalpha() and second.islower() \
        and first not in _VENUE_OPENERS


_VENUE_OPENERS = frozenset({"in", "doi", "http", "https", "pp", "p", "vol", "arxiv", "available", "retrieved",
                            "accessed", "ed", "eds", "edited", "url", "www"})


def _sentence_ends(rest: str) -> Iterator[re.Match[str]]:
    """The stops in ``rest`` that may end its title's sentence: TITLE_END's, less the full stops that end an
    initial or an abbreviation ("J.", "vs.", "No.") and those two lower-case words follow
    (:func:`_lower_goes_on`)."""
    for m in TITLE_END.finditer(rest):
        if m.group(0) == ".":
            stop = m.start()
            word = rest[max(rest.rfind(" ", 0, stop), rest.rfind(".", 0, stop)) + 1:stop]
            if len(word) <= 1 and not (word.isupper() and ENTRY_VENUE_OPENS.match(rest, m.end())) \
                    or word.lower().strip("(") in _TITLE_ABBREV or _lower_goes_on(rest, m.end()):
                continue  # an initial or an abbreviation; "... its Application to C. In Proceedings" ends at "C."
        yield m


# Words that name where or how a work appeared; a sentence holding one after a title is its venue.
# Words that name a journal or a publisher (what _without_venue cuts a title's trailing part at).
_PUBLICATION_WORDS = frozenset({"journal", "transactions", "proceedings", "press", "verlag", "review", "letters",
                                "annals", "bulletin", "magazine", "publishers", "publishing", "university"})
_VENUE_WORDS = _PUBLICATION_WORDS | frozenset({
    "thesis", "dissertation", "report", "preprint", "proc", "conference",
    "available", "accessed", "retrieved", "manuscript", "unpublished", "presented", "meeting",
    "workshop", "symposium", "edition", "edn", "eds", "edited", "editor", "editors", "vol", "volume", "pages",
    "chapter", "series", "lecture", "notes", "technical", "paper", "submitted", "accepted", "forthcoming",
    "online", "abstract", "poster", "talk", "newspaper", "translated",
    "institute", "department", "school", "college",
    "company", "inc", "ltd", "doi", "http", "https", "www", "isbn", "url", "pp"})


def _title_goes_on(rest: str, ends: list[re.Match[str]], k: int) -> bool:
    """Whether the title runs on past its ``k``-th stop. It does after a question or exclamation ("Who
    shares? Who doesn't? Factors ...") and after a short first sentence ("Thymic carcinoma. Ten years'
    experience in twenty patients."), when what follows reads as a sentence of a title (lower-case words,
    no digits, no word of a venue) and something still follows it (the venue); and at a part number
    ("... in vivo. III. The effect ...")."""
    seg = rest[ends[k].end():ends[k + 1].start()]
    if ENTRY_TITLE_PART.match(seg):
        return True
    if not rest[ends[k + 1].end():].strip(" .,;:") or ENTRY_PLACE_PUBLISHER.match(seg):
        return False  # nothing after it would be the venue; "Brasilia: Comisión Económica" is a publisher
    words = TITLE_WORD.findall(seg)
    if ends[k].group(0) in "?!" and ends[k + 1].group(0) in "?!" and words and not any(c.isdigit() for c in seg):
        return True  # a run of questions: "Who shares? Who doesn't? Factors ..."
    if len(words) < 3 or any(c.isdigit() for c in seg) or any(w.lower() in _VENUE_WORDS for w in words) \
            or words[0] in ("In", "IN"):
        return False
    if sum(w[0].islower() for w in words) < max(2, len(words) // 3):
        return False  # "Hum Ecol", "Journal of Foo Bar": capitalised words are a journal's
    if ends[k].group(0) in "?!":
        return True
    if k > 0 and ENTRY_TITLE_PART.match(rest[ends[k - 1].end():ends[k].start()]):
        return True  # the part's own title: "... in vivo. III. The effect of ..."
    first = TITLE_WORD.findall(rest[: ends[k].start()] if k == 0 else rest[ends[k - 1].end():ends[k].start()])
    if k == 0 and len(first) <= 3:
        return True
    # A subtitle sentence of its own: mostly lower-case words ("… bowel syndrome. Its value in the exclusion
    # of organic disease. Gastroenterology 1984"), where a journal's or a publisher's name is capitalised.
    return k == 0 and sum(w[0].islower() for w in words) * 2 >= len(words) and len(words) >= 4 \
        and not any(c in seg for c in "/@") and "  " not in seg  # (not an address, nor a masked identifier)


def _without_journal(cand: str) -> str:
    """A Vancouver title run into its abbreviated journal (the stop lost): "Apoptosis: regulation and
    relevance to toxicology Hum Exp Toxicol" → the capitalised words after the last lower-case one go."""
    words = cand.split(" ")
    k = len(words)
    while k > 1 and words[k - 1][:1].isupper() and len(words) - k < 6:
        k -= 1
    if k < len(words) and k > 1 and words[k - 1][:1].islower():
        return " ".join(words[:k])
    return cand


# Lower-case words that may stand among names before a quoted title ("Bizzell, Patricia, and B. Herzberg.").
_NAME_WORDS = frozenset({"and", "et", "al", "eds", "ed", "von", "van", "der", "den", "del", "della", "dos", "das",
                         "ten", "ter", "de", "la", "le", "du", "da", "di", "y", "und"})


def _quoted_title(text: str, begin: int, params: ReferencesParams) -> str | None:
    """A title in quotation marks right after the names and year, or after names the parser did not read
    ("Bude, Heinz (1997), 'Die Generation,' in ..."): what stands before the quote has no lower-case word
    a title would have."""
    m = None
    for q in ENTRY_QUOTE_MARK.finditer(text, begin, begin + params.quote_reach + 1):
        m = ENTRY_QUOTED_TITLE.match(text, q.start(), q.start() + params.quoted_title_max_chars)
        if m is not None:
            break
    if m is None:
        return None
    gap = text[begin:m.start()]
    if any(w[0].islower() and len(w) >= 3 and w not in _NAME_WORDS for w in TITLE_WORD.findall(gap)):
        return None  # 'A study of "quoted" words': the quote is inside the title
    title = next(g for g in m.groups() if g is not None).strip(" ,.;:")
    return title if len(title) >= 3 else None


_MINOR_WORDS = frozenset({"of", "on", "and", "the", "in", "for", "its", "de", "des", "der", "und", "&", "a"})
_VOLUME_WORDS = frozenset({"vol", "volume", "no", "nr", "pp", "p", "pages", "page", "issue", "bd", "t", "art",
                           "chap", "ch", "edn", "ed", "edition", "suppl", "part", "pt", "jg", "s"})


def _without_venue(cand: str, dated: bool = False) -> str:
    """A title run into its venue with commas (IEEE, physics, Elsevier numbered): drop the trailing parts
    that are volume, issue and pages ("…, 80, 241-268", "…, vol. 15", "…, pp. 992-996"), then the journal
    before them, a part of capitalised words ("…, Journal of Econometrics, 80, 241-268"); and a trailing
    part that holds a number and only capitalised words ("…, IEEE Sensors Journal 15 (11) (2015) 6542–6548")."""
    cuts = []
    depth = 0
    for b in ENTRY_BRACKET_OR_COMMA.finditer(cand):
        c = b.group(0)
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif depth == 0:
            cuts.append(b.start())
    dropped_numbers = dated  # the year was cut off already: "Fractals, Plenum Press, New York, 1988"
    while cuts:
        k = cuts[-1]
        last = cand[k + 1:].strip()
        words = TITLE_WORD.findall(last)
        digits = sum(c.isdigit() for c in last)
        letters = sum(len(w) for w in words)
        numbers = digits > 0 and (letters <= digits or bool(words) and words[0].lower() in _VOLUME_WORDS)
        capitalised = bool(words) and words[0][0].isupper() \
            and all(w[0].isupper() or w.lower() in _MINOR_WORDS for w in words)  # ", and Satisfaction": the title's
        if numbers or (digits and capitalised) or (dropped_numbers and capitalised and len(words) <= 8):
            dropped_numbers = dropped_numbers or numbers
            cand = cand[:k].rstrip()
            cuts.pop()
        else:
            break
    # A part that opens by naming a journal or a publisher in capitalised words ("…, IEEE Transactions on
    # Systems", "…, Journal of Logic Programming 1", "…, Yale University Press"): the venue, and all after it.
    for k in cuts:
        words = TITLE_WORD.findall(cand[k + 1:k + 60])[:3]
        if words and words[0][0].isupper() and any(w.lower() in _JOURNAL_WORDS for w in words[:2]) \
                and all(w[0].isupper() or w.lower() in _MINOR_WORDS for w in words):
            return cand[:k].rstrip()
    return cand


# Words that name a journal or a publisher at the start of a part of an entry.
_JOURNAL_WORDS = _PUBLICATION_WORDS | frozenset({"communications", "revue", "zeitschrift"})


TITLE_YEAR = re.compile(r"(?:1[5-9]|20)\d\d")
TITLE_WORDS = re.compile(r"(?<![\w.])[^\W\d_]{2,}(?![\w.])")  # a word of two letters or more, no abbreviation


def _title_like(cand: str, params: ReferencesParams) -> bool:
    """Not empty, not a lone journal abbreviation ("Phys", "Int"), not a volume and pages ("ApJ, 786, 148"). Chinese
    and Japanese write without spaces, a word in two characters: three of them are a title ("引文解析研究")."""
    if len(cand) < 3 or (" " not in cand and len(cand) < 8 and sum(c >= "\u2e80" for c in cand) < 3):
        return False
    chars = len(cand) - cand.count(" ")
    digits = len(REF_DIGIT.findall(cand))
    if digits <= params.title_max_digits * chars:
        return True
    # A title may name years ("The war of 1812", "Trends in obesity 1980-2010"): where its every number is a year
    # among three words or more, not a volume, a page, an identifier ("arXiv:1606.07049") or a report's code.
    return len(TITLE_WORDS.findall(cand)) >= 3 and all(_a_year(cand, m) for m in REF_DIGITS.finditer(cand))


def _a_year(text: str, number: re.Match[str]) -> bool:
    """Whether ``number`` in ``text`` reads as a year: four digits from 1500 to 2099, not after a colon, a slash or
    a full stop, and not before a full stop (an identifier's parts: "arXiv:1606.07049", "10.1000/2019.1")."""
    start, end = number.span()
    return end - start == 4 and TITLE_YEAR.fullmatch(number.group(0)) is not None \
        and (start == 0 or text[start - 1] not in ":/.") and not text.startswith(".", end)


