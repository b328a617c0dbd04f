"""BioMed Central's own article DTD (``<art>``, BMC's XML before its journals moved to JATS) into the
citation model.

Input: the root element ``<art>`` (no namespace; ``<!DOCTYPE art SYSTEM ".../xml/article.dtd">``).
Output: an :class:`~citelens.xml.article.XmlArticle`.

What is read:

- Text (:func:`~citelens.xml.text.build_text`): the title (``fm/bibl/title``), the abstract
  (``fm/abs``), the body (``bdy``) and the back matter without its reference list (``bm/ack``, other
  sections). The rest of the front matter (authors, affiliations, history, copyright, keywords) is no
  text. Tables (``tbl``, or a CALS ``table``), figures (``fig``), supplementary files (``suppl``) and
  their captions are walked only to count their citations; so are footnotes (``fn``: not in the corpus
  file, the name of the DTD's footnote) and a ``bibl`` set inside the body.
- Citations: ``<abbr bid="B12">12</abbr>`` (``bid`` names the entry). The DTD leaves the brackets and
  commas of a citation group ``<abbrgrp>`` to the typesetter; the text writes each group as BMC's own
  stylesheet does, ``[1,2]``, so that markers, sentences and the PDF agree. Text inside a group is kept:
  ``<abbr>1</abbr>-<abbr>4</abbr>`` reads ``[1-4]``, one range marker naming entries 1 to 4
  (:func:`~citelens.xml.article.assemble`). BMC's stylesheet compresses a run of three or more entries
  into ``30-32``; here every element stays visible (``[8,30,31,32]``) so each keeps its own offsets.
- References: every ``bibl`` of ``bm/refgrp`` in order. BMC numbers the list by position (the ``abbr``
  texts are these numbers), so the label is the position. The entries are fully structured and carry no
  text of their own: ``raw`` is written from the fields in BMC's reference style ("Koes BW, van Tulder MW,
  Thomas S: Diagnosis and treatment of low back pain. BMJ 2006, 332:1430-1434."). Authors are ``au/snm``
  (``cnm`` for a collaboration), year from ``pubdate``, title from ``title/p``, ``source``, DOI and
  PubMed id from ``xrefbib`` (``pubid idtype="doi"``, ``"pmpid"``), a link from ``url`` or ``note/url``.
"""

from __future__ import annotations

import copy
from typing import Any

from citelens import ids
from citelens.references import parse_entry
from citelens.xml.article import YEAR, Context, Format, XmlArticle, XmlInputError, XmlReference, assemble
from citelens.xml.text import Markup, NotPlaced, build_text, element_text, local

ROOT = "art"
FORMAT = Format.BMC  # the value of ``source.format``

BLOCKS = frozenset({
    "p", "sec", "st", "title", "abs", "ack", "text", "caption", "disp-formula", "list", "l", "lt",
})
LEFT_OUT = {
    "tbl": NotPlaced.TABLE, "table": NotPlaced.TABLE, "tblfn": NotPlaced.TABLE, "fig": NotPlaced.CAPTION,
    "suppl": NotPlaced.CAPTION, "caption": NotPlaced.CAPTION, "fn": NotPlaced.FOOTNOTE,
    "refgrp": NotPlaced.OTHER, "bibl": NotPlaced.OTHER,
}
DROPPED = frozenset({"graphic", "inlinegraphic", "hr", "file"})
# PubMed ids: "pmpid" in BMC's files, "pubmed" or no type in older ones (as BMC's stylesheet reads them).
PMID_TYPES = ("pmpid", "pubmed", "")


def is_bmc(root: Any) -> bool:
    return root.tag == ROOT


def _text(elem: Any) -> str | None:
    return None if elem is None else element_text(elem) or None


def _bracket_groups(art: Any) -> None:
    """Write each ``<abbrgrp>`` as it is typeset: "[1,2]" (layout white space inside becomes ",").

    >>> import xml.etree.ElementTree as ET
    >>> a = ET.fromstring('<p>pain <abbrgrp>\\n <abbr bid="B1">1</abbr>\\n <abbr bid="B2">2</abbr>\\n'
    ...                   '</abbrgrp>. <abbrgrp><abbr bid="B3">3</abbr>-<abbr bid="B5">5</abbr></abbrgrp></p>')
    >>> _bracket_groups(a)
    >>> "".join(a.itertext())
    'pain [1,2]. [3-5]'
    """
    for group in art.iter("abbrgrp"):
        kids = list(group)
        if not kids:
            continue
        group.text = "[" + (group.text or "").strip()
        for k, kid in enumerate(kids):
            between = (kid.tail or "").strip()
            kid.tail = (between or ",") if k + 1 < len(kids) else between + "]"


def _authors(bibl: Any) -> tuple[list[str], list[str], bool]:
    """Surnames (or collaboration names), the names as the list writes them ("Koes BW"), and et al."""
    surnames, written = [], []
    aug = bibl.find("aug")
    if aug is None:
        return [], [], False
    for au in aug.iter("au"):
        snm, cnm = _text(au.find("snm")), _text(au.find("cnm"))
        if snm:
            initials = "".join(t for t in (_text(au.find("fnm")), _text(au.find("mi"))) if t)
            surnames.append(snm)
            written.append(f"{snm} {initials}" if initials else snm)
        elif cnm:
            surnames.append(cnm)
            written.append(cnm)
    return surnames, written, aug.find("etal") is not None


def _raw(bibl: Any, written: list[str], etal: bool, title: str | None) -> str:
    """An entry's text in BMC's reference style, from its fields.

    >>> import xml.etree.ElementTree as ET
    >>> b = ET.fromstring('<bibl id="B4"><title><p>Diagnosis and treatment of low back pain</p></title>'
    ...     '<aug><au><snm>Koes</snm><fnm>BW</fnm></au><au><snm>Thomas</snm><fnm>S</fnm></au><etal/></aug>'
    ...     '<source>BMJ</source><pubdate>2006</pubdate><volume>332</volume><fpage>1430</fpage>'
    ...     '<lpage>1434</lpage></bibl>')
    >>> _raw(b, ["Koes BW", "Thomas S"], True, "Diagnosis and treatment of low back pain")
    'Koes BW, Thomas S, et al.: Diagnosis and treatment of low back pain. BMJ 2006, 332:1430-1434.'
    """
    out = []
    if written:
        out.append(", ".join(written) + (", et al.:" if etal else ":"))
    if title:
        out.append(title if title[-1] in ".?!" else title + ".")
    source, publisher, pubdate = (_text(bibl.find(n)) for n in ("source", "publisher", "pubdate"))
    if publisher:  # a book: "Maps. London: Invented Press; 2010"
        source = (f"{source}. " if source else "") + f"{publisher};"
    where = " ".join(t for t in (source, pubdate) if t)
    volume, issue = _text(bibl.find("volume")), _text(bibl.find("issue"))
    fpage, lpage = _text(bibl.find("fpage")), _text(bibl.find("lpage"))
    pages = fpage + (f"-{lpage}" if lpage and lpage != fpage else "") if fpage else lpage
    numbers = (volume or "") + (f"({issue})" if issue else "")
    if numbers and pages:
        numbers += ":" + pages
    elif pages:
        numbers = pages
    if where or numbers:
        out.append(", ".join(t for t in (where, numbers) if t) + ".")
    out.extend(t for t in (_text(n) for n in bibl.findall("note")) if t)
    url = _text(bibl.find("url"))
    if url:
        out.append(f"[{url}]")
    return " ".join(out)


def read_reference(bibl: Any, index: int) -> XmlReference:
    """One ``<bibl>`` entry of the reference list."""
    surnames, written, etal = _authors(bibl)
    title_el = bibl.find("title")
    title = _text(title_el)
    raw = _raw(bibl, written, etal, title)
    parsed = parse_entry(raw)  # what the fields leave out (an arXiv id in a note), as the PDF path reads it
    year, suffix = None, None
    m = YEAR.search(_text(bibl.find("pubdate")) or "")
    if m:
        year, suffix = int(m.group("year")), m.group("suffix")
    pub_ids = {(p.get("idtype") or "").lower(): _text(p) for p in bibl.iter("pubid")}
    url = next((_text(u) for u in bibl.iter("url")), None)
    return XmlReference(
        id=bibl.get("id") or f"B{index}", index=index, label=str(index), raw=raw, authors=tuple(surnames),
        year=year, year_suffix=suffix, title=title, source=_text(bibl.find("source")),
        doi=ids.doi(pub_ids.get("doi")) or parsed.doi,
        pmid=next((pub_ids[t] for t in PMID_TYPES if pub_ids.get(t)), None),
        arxiv_id=parsed.arxiv_id, url=url or parsed.url,
    )


def read_bmc(root: Any) -> XmlArticle:
    """The citation model of a BioMed Central ``<art>``."""
    if root.tag != ROOT:
        raise XmlInputError(f"not a BioMed Central article: the root element is <{root.tag}>")
    bm = root.find("bm")
    bibls = [] if bm is None else [b for group in bm.iter("refgrp") for b in group.iter("bibl")]
    if not bibls:
        where = "no <bm> back matter" if bm is None else "<bm> has no <refgrp> with <bibl> entries"
        raise XmlInputError(f"the article has no reference list: {where}")
    references = [read_reference(b, k) for k, b in enumerate(bibls, start=1)]

    def cites(elem: Any) -> tuple[str, ...] | None:
        if elem.tag != "abbr" or elem.get("bid") is None:
            return None
        return tuple(elem.get("bid").split())

    art = copy.deepcopy(root)  # the groups are bracketed in a copy: the caller's tree is left as it was
    _bracket_groups(art)
    markup = Markup(BLOCKS, LEFT_OUT, DROPPED, frozenset({"sup"}), frozenset(), cites)
    parts: list[tuple[Any, str]] = []
    fm = art.find("fm")
    title = doi = None
    if fm is not None:
        own = fm.find("bibl")
        if own is not None:
            title_el = own.find("title")
            if title_el is not None:
                parts.append((title_el, Context.TITLE))
                title = _text(title_el)
            doi = ids.doi(next((_text(p) for p in own.iter("pubid") if p.get("idtype") == "doi"), None))
        parts.extend((a, Context.ABSTRACT) for a in fm.findall("abs"))
    body = art.find("bdy")
    if body is not None:
        parts.append((body, Context.BODY))
    back = art.find("bm")
    if back is not None:
        parts.extend((child, Context.BACK) for child in back if local(child.tag) != "refgrp")
    total = sum(1 for e in art.iter() if cites(e) is not None)
    return assemble(build_text(parts, markup), references, FORMAT,
                    title=title, doi=doi, total_cites=total)
