"""JATS (and its NLM predecessors): a PMC, Europe PMC or pubget article into the citation model.

Input: the root element of a JATS 1.x / NLM Journal Publishing 2.x-3.x ``<article>`` (no namespace).
Output: an :class:`~citelens.xml.article.XmlArticle`.

What is read:

- Text (:func:`~citelens.xml.text.build_text`): ``front/article-meta`` title and abstracts, ``body``, and
  ``back`` without its reference list (acknowledgements, appendices, notes). ``floats-group`` is walked
  only to count the citations of its figures and tables. Sub-articles (referee reports, decision
  letters) and author notes are not part of the article's text: their citations count as ``other``.
- Citations: ``<xref ref-type="bibr" rid="...">`` (``rid`` may name several entries); an ``<xref>``
  without ``ref-type`` counts when every id it names is an entry. Citations in ``table-wrap``/``table``,
  ``fig``/``caption``/``supplementary-material`` and ``fn`` are counted, not placed.
- References: every ``ref`` of the back matter's ``ref-list`` (nested lists too), from
  ``mixed-citation``, ``element-citation``, ``citation`` or ``nlm-citation``: label, raw text, author
  surnames (``name``/``string-name``/``collab`` of the author group), year, ``article-title`` or
  ``chapter-title``, ``source``, and ``pub-id`` DOI/PMID/arXiv (a DOI or arXiv id in the text, an
  ``ext-link``/``uri`` otherwise).
"""

from __future__ import annotations

from typing import Any

from citelens import ids
from citelens.references import parse_entry
from citelens.xml.article import (
    YEAR,
    Context,
    Format,
    XmlArticle,
    XmlInputError,
    XmlReference,
    assemble,
)
from citelens.xml.text import Markup, NotPlaced, build_text, element_text, local

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

BLOCKS = frozenset({
    "p", "sec", "title", "subtitle", "article-title", "list-item", "disp-quote", "boxed-text", "def-item",
    "term", "def", "statement", "disp-formula", "verse-line", "speech", "ack", "app", "abstract", "notes",
    "glossary", "array", "preformat", "code",
})
LEFT_OUT = {
    "table-wrap": NotPlaced.TABLE, "table-wrap-group": NotPlaced.TABLE, "table": NotPlaced.TABLE,
    "table-wrap-foot": NotPlaced.TABLE, "fig": NotPlaced.CAPTION, "fig-group": NotPlaced.CAPTION,
    "caption": NotPlaced.CAPTION, "supplementary-material": NotPlaced.CAPTION, "media": NotPlaced.CAPTION,
    "chem-struct-wrap": NotPlaced.CAPTION, "fn": NotPlaced.FOOTNOTE, "fn-group": NotPlaced.FOOTNOTE,
    "ref-list": NotPlaced.OTHER,
}
DROPPED = frozenset({"tex-math", "annotation", "object-id", "graphic", "inline-graphic", "alt-text", "long-desc"})
# Type faces: parts of a field's text, which :func:`_space_fields` leaves glued to what is beside them.
TYPE_FACES = frozenset({"italic", "bold", "sup", "sub", "sc", "underline", "monospace", "roman", "sans-serif"})
# A reference entry's own text: only layout white space and superscripts matter.
REFERENCE_MARKUP = Markup(frozenset(), {}, DROPPED, frozenset({"sup"}), frozenset(), lambda _e: None)
CITATION_ELEMENTS = ("mixed-citation", "element-citation", "citation", "nlm-citation")


def is_jats(root: Any) -> bool:
    return root.tag == "article"


def _first(elem: Any, *names: str) -> Any:
    for name in names:
        found = elem.find(f".//{name}")
        if found is not None:
            return found
    return None


def _text(elem: Any) -> str | None:
    if elem is None:
        return None
    return element_text(elem) or None


def _authors(cit: Any) -> tuple[str, ...]:
    groups = cit.findall("person-group")
    typed = [g for g in groups if g.get("person-group-type", "author") == "author"]
    holders = typed or groups or [cit]
    out: list[str] = []
    for g in holders:
        for child in g:
            name = local(child.tag)
            if name in ("name", "string-name"):
                surname = child.find("surname")
                value = _text(surname) if surname is not None else _text(child)
            elif name == "collab":
                value = _text(child)
            else:
                continue
            if value:
                out.append(value)
    return tuple(out)


def _flat(elem: Any) -> str:
    """An element-citation's text: its pieces, which carry no punctuation between them, joined by spaces."""
    return " ".join(" ".join(piece.split()) for piece in elem.itertext() if piece.strip())


def _space_fields(cit: Any) -> None:
    """A space between two fields of a mixed-citation that nothing parts: it carries its own punctuation, but
    some set a name's parts or two fields side by side (``<surname>Silk</surname><given-names>MJ</given-names>``,
    ``<fpage>9</fpage><lpage>12</lpage>``), which a reader shows apart ("Silk MJ"), never glued ("SilkMJ").
    Type faces (italic, a superscript) are parts of a field's text and stay glued. Changes the tree in place."""
    for elem in cit.iter():
        parts = [c for c in elem if isinstance(c.tag, str)]
        for part, after in zip(parts, parts[1:]):
            if not part.tail and local(part.tag) not in TYPE_FACES and local(after.tag) not in TYPE_FACES \
                    and "".join(part.itertext()).strip() and "".join(after.itertext()).strip():
                part.tail = " "


def read_reference(ref: Any, index: int) -> XmlReference:
    """One ``<ref>`` entry."""
    cit = next((c for c in ref.iter() if local(c.tag) in CITATION_ELEMENTS), None)
    label_el = ref.find("label")
    if label_el is None and cit is not None:
        label_el = cit.find("label")
    label = _text(label_el)
    if cit is None:
        raw = " ".join(t for t in (element_text(c) for c in ref if local(c.tag) != "label") if t)
        return XmlReference(ref.get("id") or f"ref{index}", index, label, raw)
    mixed = local(cit.tag) in ("mixed-citation", "citation") and any((t or "").strip(" \n\t") for t in
                                                                     [cit.text, *(c.tail for c in cit)])
    if mixed:
        _space_fields(cit)
    raw = build_text([(cit, "")], REFERENCE_MARKUP).text if mixed else _flat(cit)
    if label and raw.startswith(label):
        raw = raw[len(label):].lstrip()
    parsed = parse_entry(raw)  # what the markup leaves out, read from the text as the PDF path does
    year, suffix = parsed.year, parsed.year_suffix
    m = YEAR.search(_text(cit.find(".//year")) or "")
    if m:
        year, suffix = int(m.group("year")), m.group("suffix")
    pub_ids = {(p.get("pub-id-type") or "").lower(): _text(p) for p in cit.iter("pub-id")}
    doi = ids.doi(pub_ids.get("doi"))
    url = None
    for link in (*cit.iter("ext-link"), *cit.iter("uri")):
        href = link.get(XLINK_HREF) or _text(link)
        if not href:
            continue
        if doi is None and (link.get("ext-link-type") == "doi" or "doi.org/" in href):
            doi = ids.doi(href)
        elif url is None:
            url = href
    return XmlReference(
        id=ref.get("id") or f"ref{index}", index=index, label=label, raw=raw,
        authors=_authors(cit) or parsed.authors,
        year=year, year_suffix=suffix,
        title=_text(_first(cit, "article-title", "chapter-title")) or parsed.title,
        source=_text(cit.find("source")), doi=doi or parsed.doi,
        pmid=pub_ids.get("pmid"), arxiv_id=ids.arxiv_id(pub_ids.get("arxiv")) or parsed.arxiv_id,
        url=url or parsed.url,
    )


def read_jats(root: Any) -> XmlArticle:
    """The citation model of a JATS ``<article>``."""
    if root.tag != "article":
        raise XmlInputError(f"not a JATS article: the root element is <{root.tag}>")
    back = root.find("back")
    refs = [] if back is None else [ref for ref_list in back.iter("ref-list") for ref in ref_list.iter("ref")]
    if not refs:
        where = "no <back> matter" if back is None else "<back> has no <ref-list> with <ref> entries"
        raise XmlInputError(f"the article has no reference list: {where}")
    references = [read_reference(ref, k) for k, ref in enumerate(refs, start=1)]
    ref_ids = frozenset(r.id for r in references)

    def cites(elem: Any) -> tuple[str, ...] | None:
        if elem.tag != "xref":
            return None
        rids = tuple((elem.get("rid") or "").split())
        kind = elem.get("ref-type")
        if kind == "bibr" or (kind is None and rids and all(i in ref_ids for i in rids)):
            return rids
        return None

    markup = Markup(BLOCKS, LEFT_OUT, DROPPED, frozenset({"sup"}), frozenset({"label"}), cites)
    meta = root.find("front/article-meta")
    parts: list[tuple[Any, str]] = []
    title = None
    if meta is not None:
        group = meta.find("title-group")
        if group is not None:
            for t in group:
                if local(t.tag) in ("article-title", "subtitle"):
                    parts.append((t, Context.TITLE))
            title = _text(group.find("article-title"))
        parts.extend((a, Context.ABSTRACT) for a in meta.findall("abstract"))
    body = root.find("body")
    if body is not None:
        parts.append((body, Context.BODY))
    parts.extend((child, Context.BACK) for child in back if local(child.tag) != "ref-list")
    floats = root.find("floats-group")
    if floats is not None:
        parts.append((floats, Context.BODY))
    doi = None
    if meta is not None:
        doi = ids.doi(next((_text(a) for a in meta.findall("article-id") if a.get("pub-id-type") == "doi"), None))
    total = sum(1 for e in root.iter() if cites(e) is not None)
    return assemble(build_text(parts, markup), references, Format.JATS, title=title, doi=doi, total_cites=total)
