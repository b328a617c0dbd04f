"""Elsevier full-text XML (the Article Retrieval API's ``full-text-retrieval-response``) into the citation model.

Input: the root element ``{http://www.elsevier.com/xml/svapi/article/dtd}full-text-retrieval-response``;
the article sits in ``originalText/xocs:doc/xocs:serial-item`` as ``ja:article``, ``ja:converted-article``
or ``ja:simple-article``, with ``ce:`` (common, http://www.elsevier.com/xml/common/dtd) and ``sb:``
(structured bibliography, http://www.elsevier.com/xml/common/struct-bib/dtd) elements inside.
Output: an :class:`~citelens.xml.article.XmlArticle`.

What is read:

- Text: ``ce:title`` and the abstracts of the head (not the graphical one), the body's ``ce:sections``,
  and the tail's acknowledgements and appendices. ``ce:floats`` (figures and tables) are walked only to
  count their citations.
- Citations: ``<ce:cross-ref refid="bib12">`` and ``<ce:cross-refs refid="bib1 bib2">`` that name at least
  one bibliography entry (the same elements point at figures and tables too). Citations in ``ce:table``,
  ``ce:figure``/``ce:caption`` and ``ce:footnote`` are counted, not placed.
- References: every ``ce:bib-reference`` of ``ce:bibliography``: its ``ce:label``, the raw text (of
  ``ce:other-ref/ce:textref``, or the pieces of ``sb:reference``), authors' ``ce:surname`` (or
  ``sb:collaboration``), ``sb:date``, the contribution's ``sb:maintitle``, the host's series or book title,
  ``ce:doi`` and a link (``ce:inter-ref``). What the structure does not give is read from the raw text.
"""

from __future__ import annotations

from typing import Any

from citelens import ids
from citelens.references import parse_entry
from citelens.xml.article import YEAR, Context, Format, XmlArticle, XmlInputError, XmlReference, assemble
from citelens.xml.text import Markup, NotPlaced, build_text, element_text, local

SVAPI = "http://www.elsevier.com/xml/svapi/article/dtd"
CE = "http://www.elsevier.com/xml/common/dtd"
SB = "http://www.elsevier.com/xml/common/struct-bib/dtd"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
ROOT = f"{{{SVAPI}}}full-text-retrieval-response"
ARTICLE_ELEMENTS = ("article", "converted-article", "simple-article")

BLOCKS = frozenset({
    "para", "simple-para", "section", "section-title", "abstract", "abstract-sec", "list-item", "display",
    "acknowledgment", "appendices", "textbox", "textbox-body", "title", "subtitle", "def-term", "def-description",
    "displayed-quote", "formula",
})
LEFT_OUT = {
    "table": NotPlaced.TABLE, "table-footnote": NotPlaced.TABLE, "figure": NotPlaced.CAPTION,
    "caption": NotPlaced.CAPTION, "e-component": NotPlaced.CAPTION, "footnote": NotPlaced.FOOTNOTE,
    "bibliography": NotPlaced.OTHER,
}
DROPPED = frozenset({"float-anchor", "link", "alt-text", "annotation", "label-floats"})


def is_elsevier(root: Any) -> bool:
    return root.tag == ROOT


def _ce(name: str) -> str:
    return f"{{{CE}}}{name}"


def _sb(name: str) -> str:
    return f"{{{SB}}}{name}"


def _text(elem: Any) -> str | None:
    return None if elem is None else element_text(elem) or None


def _flat(elem: Any) -> str:
    return " ".join(" ".join(piece.split()) for piece in elem.itertext() if piece.strip())


def read_reference(bib: Any, index: int) -> XmlReference:
    """One ``ce:bib-reference``."""
    label = _text(bib.find(_ce("label")))
    sbref = bib.find(_sb("reference"))
    other = bib.find(f".//{_ce('textref')}")
    if other is None:
        other = bib.find(_ce("other-ref"))
    if sbref is not None:
        raw = " ".join(_flat(r) for r in bib.iter(_sb("reference")))
    elif other is not None:
        raw = element_text(other)
    else:
        raw = " ".join(t for t in (element_text(c) for c in bib if c.tag != _ce("label")) if t)
    parsed = parse_entry(raw)
    authors: tuple[str, ...] = ()
    title = source = doi = url = None
    year, suffix = parsed.year, parsed.year_suffix
    if sbref is not None:
        contribution = sbref.find(_sb("contribution"))
        holder = contribution if contribution is not None else sbref
        names = []
        for a in holder.iter():
            if a.tag == _sb("author"):
                names.append(_text(a.find(_ce("surname"))) or _text(a))
            elif a.tag == _sb("collaboration"):
                names.append(_text(a))
        authors = tuple(n for n in names if n)
        if contribution is not None:
            title = _text(contribution.find(f"{_sb('title')}/{_sb('maintitle')}"))
        host = sbref.find(_sb("host"))
        if host is not None:
            source = next((_text(t) for t in host.iter(_sb("maintitle"))), None)
            m = YEAR.search(_text(host.find(f".//{_sb('date')}")) or "")
            if m:
                year, suffix = int(m.group("year")), m.group("suffix")
    doi_el = bib.find(f".//{_ce('doi')}")
    if doi_el is not None:
        doi = ids.doi(_text(doi_el))
    link = bib.find(f".//{_ce('inter-ref')}")
    if link is not None:
        url = link.get(XLINK_HREF) or _text(link)
    return XmlReference(
        id=bib.get("id") or f"bib{index}", index=index, label=label, raw=raw,
        authors=authors or parsed.authors,
        year=year, year_suffix=suffix, title=title or parsed.title,
        source=source, doi=doi or parsed.doi, arxiv_id=parsed.arxiv_id,
        url=url or parsed.url,
    )


def read_elsevier(root: Any) -> XmlArticle:
    """The citation model of an Elsevier ``full-text-retrieval-response``."""
    if root.tag != ROOT:
        raise XmlInputError(f"not an Elsevier full-text response: the root element is <{root.tag}>")
    original = root.find(f"{{{SVAPI}}}originalText")
    article = None if original is None else next(
        (e for e in original.iter() if local(e.tag) in ARTICLE_ELEMENTS and e is not original), None)
    if article is None:
        raise XmlInputError("the response holds no article text (no originalText/xocs:doc/.../ja:article): "
                            "a metadata-only answer, fetched without full-text entitlement?")
    bibs = [b for bib in article.iter(_ce("bibliography")) for b in bib.iter(_ce("bib-reference"))]
    if not bibs:
        raise XmlInputError("the article has no reference list: no <ce:bibliography> with <ce:bib-reference> "
                            "entries in its tail")
    references = [read_reference(b, k) for k, b in enumerate(bibs, start=1)]
    ref_ids = frozenset(r.id for r in references)

    def cites(elem: Any) -> tuple[str, ...] | None:
        if elem.tag not in (_ce("cross-ref"), _ce("cross-refs")):
            return None
        rids = tuple((elem.get("refid") or "").split())
        return rids if any(i in ref_ids for i in rids) else None

    markup = Markup(BLOCKS, LEFT_OUT, DROPPED, frozenset({"sup"}), frozenset({"label"}), cites)
    parts: list[tuple[Any, str]] = []
    for child in article:
        name = local(child.tag)
        if name == "head":
            for h in child:
                hn = local(h.tag)
                if hn in ("title", "subtitle"):
                    parts.append((h, Context.TITLE))
                elif hn == "abstract" and h.get("class") != "graphical":
                    parts.append((h, Context.ABSTRACT))
        elif name == "body":
            parts.append((child, Context.BODY))
        elif name == "tail":
            parts.extend((t, Context.BACK) for t in child if local(t.tag) != "bibliography")
        elif name == "floats":
            parts.append((child, Context.BODY))
    core = root.find(f"{{{SVAPI}}}coredata")
    title = doi = None
    if core is not None:
        title = next((_text(e) for e in core if local(e.tag) == "title"), None)
        doi = ids.doi(next((_text(e) for e in core if local(e.tag) == "doi"), None))
    total = sum(1 for e in article.iter() if cites(e) is not None)
    return assemble(build_text(parts, markup), references, Format.ELSEVIER, title=title, doi=doi,
                    total_cites=total)
