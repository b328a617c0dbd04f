"""Publisher HTML: a page whose in-text markers link to its own reference list, into the citation model.

Input: the bytes of one article page as the publisher serves it (PLOS, Springer/BMC/Nature,
ScienceDirect, eLife, Frontiers, Wiley, Taylor & Francis ...). Output: an
:class:`~citelens.xml.article.XmlArticle` of :class:`~citelens.xml.article.Format` ``html``, made by the
same text builder (:func:`~citelens.xml.text.build_text`) and the same marker and sentence steps
(:func:`~citelens.xml.article.assemble`) as JATS and Elsevier XML, so ``text[start:end]`` is the marker.

How the page is read:

- Parsing: :class:`html.parser.HTMLParser` (stdlib) into an :mod:`xml.etree.ElementTree` tree, closing
  what HTML leaves open (``<p>`` before a block, ``<li>`` before the next ``<li>``, void elements). The
  page is parsed, never rendered: a ``<script>`` is dropped with its content, ``&lt;script&gt;`` in an
  entry is four characters of text like any other, and no attribute ever reaches the output.
- The reference list: every ``<a href="#X">`` (or ``href="PAGE#X"`` with ``PAGE`` the page's canonical
  path) whose ``X`` is an ``id`` (or ``<a name>``) of the page lands on an *entry*: the nearest ``li`` /
  ``dd`` around the target, else the nearest ``p`` / ``div``. Entries that share a parent form a list; the
  lists whose id/class (or an ancestor's, or the heading before them) says references (``REF_HINT``) are
  the reference list, else the list most links land on. Every entry of those lists is a reference, in
  page order, cited or not; its id is the first link target inside it.
- Text: the title (``<h1>``), the abstracts (``id``/``class`` with "abstract", ``Abs1``), the article
  (``<main>``, else the ``<article>`` holding the markers, else ``<body>``) and the acknowledgements
  (context ``back``). ``script``, ``style``, ``template``, ``noscript``, ``svg``, ``button``, ``form``
  and ``hidden`` elements are dropped; ``table`` (and table wrappers), ``figure``/``figcaption`` (and
  figure wrappers), footnotes and ``nav``/``header``/``footer``/``aside`` are left out, and the markers
  inside them counted under ``table``, ``caption``, ``footnote`` and ``other`` as for XML.
- Citations: the links into the reference list outside it (its own back-links to the text are no
  citations). Markers in superscripts stay in the text; ``<br>`` is a space.
- References: label (``data-counter``, an element classed ``label``/``counter``/``order``/``number``,
  else the number an ``<ol>`` renders), raw text without the "Google Scholar / PubMed / Article" link
  rows (``class`` ending in ``links``), DOI and PMID from ``doi.org`` and PubMed links (or
  ``data-doi``), and what :func:`citelens.references.parse_entry` reads from the raw text.

Readability text (:func:`place_in_text`). Where the text of an article comes from a readability-style
extraction of the page and cannot be rebuilt from it, each citation link of the page's text is placed in
the extracted text by its own text plus the ``CONTEXT_CHARS`` (40) characters of page text before it,
white space collapsed in the window and ignored in the comparison. A link whose window occurs once is
placed; several times, ambiguous; never, not found. Placed links then go through the same marker and
sentence steps on the extracted text.

Bad pages (empty, no internal links, no links landing on a list) raise :class:`HtmlInputError`.
"""

from __future__ import annotations

import codecs
import enum
import hashlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote, urlsplit

from citelens import ids
from citelens.references import parse_entry
from citelens.xml.article import (
    Context,
    Format,
    XmlArticle,
    XmlInputError,
    XmlReference,
    assemble,
)
from citelens.xml.text import Built, Markup, NotPlaced, Placed, build_text, element_text

X = re.VERBOSE

#: Characters of page text before a link that place it in a readability text.
CONTEXT_CHARS = 40

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
# Starting one of these closes an open <p> (the HTML parsing algorithm's list, the parts publishers use).
CLOSES_P = frozenset({"address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset",
                      "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
                      "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"})
# Starting the key closes an open element of the value, up to the nearest element of the last set.
CLOSES_SIBLING = {
    "li": ({"li"}, {"ul", "ol"}), "dt": ({"dt", "dd"}, {"dl"}), "dd": ({"dt", "dd"}, {"dl"}),
    "tr": ({"tr", "td", "th"}, {"table"}), "td": ({"td", "th"}, {"tr", "table"}),
    "th": ({"td", "th"}, {"tr", "table"}), "option": ({"option"}, {"select"}),
}

BLOCKS = frozenset({
    "p", "div", "section", "article", "main", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "dl",
    "dt", "dd", "blockquote", "pre", "address", "details", "summary", "body", "hr",
})
LEFT_OUT = {
    "table": NotPlaced.TABLE, "x-table": NotPlaced.TABLE, "figure": NotPlaced.CAPTION,
    "figcaption": NotPlaced.CAPTION, "x-figure": NotPlaced.CAPTION, "x-footnote": NotPlaced.FOOTNOTE,
    "nav": NotPlaced.OTHER, "header": NotPlaced.OTHER, "footer": NotPlaced.OTHER, "aside": NotPlaced.OTHER,
    "x-references": NotPlaced.OTHER, "head": NotPlaced.OTHER, "x-other": NotPlaced.OTHER,
}
DROPPED = frozenset({"script", "style", "template", "noscript", "svg", "button", "form", "select", "iframe",
                     "object", "annotation", "annotation-xml", "x-hidden", "x-chrome", "x-label", "img"})
RAISED = frozenset({"sup"})
REFERENCE_MARKUP = Markup(BLOCKS, {}, DROPPED, RAISED, frozenset(), lambda _e: None)  # blocks: a space apart

# id/class of a reference list or its section: "references", "c-article-references__list", "bibliography",
# "ref-list", "article-section__references", "literature-cited".
REF_HINT = re.compile(r"""(?: ^ | [^a-z] ) (?: ref (?: erences? | s? (?:-?list)? ) | bib | bibliography | literature
                          | citations? | works-cited ) (?: $ | [^a-z] )""", X)
# The heading of a reference section: "References", "Bibliography", "Literature Cited", "References and Notes".
REF_HEADING = re.compile(r"""^ \s* (?: references? (?: \s and \s notes )? | bibliography | literature \s cited
                              | works \s cited | cited \s literature ) \s* $""", X | re.IGNORECASE)
# Class tokens of wrappers the XML path would call tables / figures / footnotes: PLOS "figure",
# ScienceDirect "tables", Springer "c-article-table", "table-wrap" (JATS-derived pages), "footnotes".
TABLE_CLASS = re.compile(r"^ (?: table-?wrap | tables? | c-article-table | table-container ) $", X)
FIGURE_CLASS = re.compile(r"^ (?: fig | figure | figure-?wrap | c-article-section__figure | figures ) $", X)
FOOTNOTE_CLASS = re.compile(r"^ (?: foot-?notes? | fn-?group | fn ) $", X)
# An id/class token of an abstract: "abstract", "JournalAbstract", "Abs1", "Abs1-section", "abstracts".
ABSTRACT = re.compile(r"abstracts? (?: $ | [^a-z] ) | ^ abs \d+ (?: -section | -content )? $",
                      X | re.IGNORECASE)
# id/class of acknowledgements: "ack", "acknowledgments", "Ack1", "section-acknowledgement".
ACK = re.compile(r"(?: ^ | [^a-z] ) (?: ack \d* | acknowledge?ments? ) (?: $ | [^a-z] )", X | re.IGNORECASE)
# A label's class: "label", "c-article-references__counter", "order", "ref-number".
LABEL_CLASS = re.compile(r"(?: ^ | [^a-z] ) (?: label | counter | order | number ) (?: $ | [^a-z] )", X)
# The text of a link to a copy of the entry (Frontiers: "CrossRef Full Text | Google Scholar"); link rows
# classed PLOS "reflinks", Springer "c-article-references__links", ScienceDirect "ReferenceLinks" go too.
CHROME_TEXT = re.compile(r"""^ (?: google \s scholar | crossref (?: \s full \s text )?
                             | pubmed (?: /ncbi | \s abstract )? | view \s article | article | cas | scopus
                             | web \s of \s science | full \s text | publisher \s site ) $""", X | re.IGNORECASE)
# What the dropped links leave behind at the end of an entry: " | |".
LEFTOVER_SEPARATORS = re.compile(r"(?: \s* \| )+ \s* $", X)
# A DOI link: "https://doi.org/10.1371/journal.pone.0115884", "http://dx.doi.org/10.1038/nature12373".
DOI_LINK = re.compile(r"^ https?:// (?: dx\. )? doi\.org/ (?P<doi> 10\.\d{4,9}/ \S+ ) $", X | re.IGNORECASE)
# A PubMed link: "https://pubmed.ncbi.nlm.nih.gov/25541234/", "http://www.ncbi.nlm.nih.gov/pubmed/25541234".
PUBMED_LINK = re.compile(r"(?: pubmed\.ncbi\.nlm\.nih\.gov/ | ncbi\.nlm\.nih\.gov/pubmed/ ) (?P<pmid> \d{1,9} )",
                         X | re.IGNORECASE)
# A charset in the first bytes: '<meta charset="utf-8">', 'content="text/html; charset=ISO-8859-1"'.
META_CHARSET = re.compile(rb"""<meta [^>]*? charset \s* = \s* ["']? (?P<charset> [-\w.:]+ )""", X | re.IGNORECASE)

ENTRY_TAGS = frozenset({"li", "dd"})
ENTRY_BLOCKS = frozenset({"p", "div"})


class HtmlInputError(XmlInputError):
    """An HTML page citelens cannot read as an article: empty, without internal links, or without a list
    those links land on. A kind of :class:`~citelens.xml.article.XmlInputError`, so a caller reading
    structured sources catches one error for all of them."""


# ------------------------------------------------------------------------------------------- parse


class _TreeParser(HTMLParser):
    """HTML into an ElementTree tree rooted at ``<x-document>``, closing what HTML leaves open."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.builder = ET.TreeBuilder()
        self.builder.start("x-document", {})
        self.open: list[str] = ["x-document"]

    def _close_to(self, k: int) -> None:
        while len(self.open) > k:
            self.builder.end(self.open.pop())

    def _close_open(self, names: set[str] | frozenset[str], scope: set[str]) -> None:
        for k in range(len(self.open) - 1, 0, -1):
            name = self.open[k]
            if name in names:
                self._close_to(k)
                return
            if name in scope:
                return

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in CLOSES_P:
            self._close_open({"p"}, {"button", "table", "li", "dd", "td", "th"} | BLOCKS - {"p"})
        if tag in CLOSES_SIBLING:
            names, scope = CLOSES_SIBLING[tag]
            self._close_open(names, scope)
        if tag == "br":  # a line break inside a paragraph reads as a space
            self.builder.data(" ")
            return
        self.builder.start(tag, {k: v or "" for k, v in attrs})
        if tag in VOID:
            self.builder.end(tag)
        else:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # XHTML-style "<a id="ref12"/>": an empty element, as publishers who write it mean it.
        self.handle_starttag(tag, attrs)
        if tag not in VOID and tag != "br" and self.open[-1] == tag:
            self._close_to(len(self.open) - 1)

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.open) - 1, 0, -1):
            if self.open[k] == tag:
                self._close_to(k)
                return
        # an end tag with no open element: ignored, as browsers do

    def handle_data(self, data: str) -> None:
        self.builder.data(data)

    def finish(self) -> Any:
        self.close()
        self._close_to(0)
        return self.builder.close()


def decode_html(data: bytes) -> str:
    """The page's text: a byte-order mark, else a ``<meta charset>`` in the first 2 KiB, else UTF-8, else
    windows-1252 (which decodes any byte: nothing is lost).

    >>> decode_html(b'<meta charset="iso-8859-1"><p>caf\\xe9')
    '<meta charset="iso-8859-1"><p>café'
    """
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return data[len(bom):].decode(codec, errors="replace")
    m = META_CHARSET.search(data[:2048])
    if m:
        try:
            codec = codecs.lookup(m.group("charset").decode("ascii")).name
        except (LookupError, UnicodeDecodeError):
            codec = None
        if codec and not codec.startswith("utf-16"):  # a page in ASCII bytes cannot be UTF-16
            return data.decode(codec, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("windows-1252", errors="replace")


def parse_html(data: bytes | str) -> Any:
    """The page's tree, rooted at ``<x-document>``.

    >>> root = parse_html("<ul><li>one<li>two <b>bold</ul><p>a<p>b<br>c")
    >>> [(e.tag, e.text) for e in root.iter() if e.tag in ("li", "p")]
    [('li', 'one'), ('li', 'two '), ('p', 'a'), ('p', 'b c')]
    """
    text = decode_html(data) if isinstance(data, bytes) else data
    parser = _TreeParser()
    parser.feed(text)
    return parser.finish()


# ------------------------------------------------------------------------------------------ read


def _classes(elem: Any) -> list[str]:
    return (elem.get("class") or "").lower().split()


def _hints(elem: Any) -> str:
    """What an element says it is: its id, classes and Springer's ``data-title`` /
    ``data-container-section``, lower case, space-separated."""
    return " ".join([(elem.get("id") or "").lower(), *_classes(elem), *(
        (elem.get(k) or "").lower().replace(" ", "-") for k in ("data-title", "data-container-section"))]).strip()


def _says(pattern: re.Pattern[str], elem: Any) -> bool:
    """Whether one of the element's hints (:func:`_hints`) matches ``pattern``."""
    return any(pattern.search(token) for token in _hints(elem).split())


def _meta(root: Any, *names: str) -> str | None:
    found: dict[str, str] = {}
    for m in root.iter("meta"):
        key = (m.get("name") or m.get("property") or "").lower()
        if key in names and key not in found and (m.get("content") or "").strip():
            found[key] = " ".join(m.get("content").split())
    return next((found[n] for n in names if n in found), None)


def _same_page(path: str, canonical: str | None) -> bool:
    if not path:
        return True
    return canonical is not None and urlsplit(path).path.rstrip("/") == urlsplit(canonical).path.rstrip("/")


@dataclass(slots=True)
class _Page:
    root: Any
    parent: dict[Any, Any]
    targets: dict[str, Any]  # id (or <a name>) -> element
    links: list[tuple[Any, str]] = field(default_factory=list)  # <a>, the id its fragment names

    def ancestors(self, elem: Any) -> Iterator[Any]:
        elem = self.parent.get(elem)
        while elem is not None:
            yield elem
            elem = self.parent.get(elem)

    def inside(self, elem: Any, box: Any) -> bool:
        return any(a is box for a in self.ancestors(elem))

    def detach(self, elem: Any) -> None:
        up = self.parent.get(elem)
        if up is not None:
            tail = elem.tail
            k = list(up).index(elem)
            up.remove(elem)
            if tail:  # the text after it stays where it was
                if k == 0:
                    up.text = (up.text or "") + tail
                else:
                    up[k - 1].tail = (up[k - 1].tail or "") + tail
            elem.tail = None
            del self.parent[elem]


def _page(root: Any) -> _Page:
    parent = {child: elem for elem in root.iter() for child in elem}
    targets: dict[str, Any] = {}
    for elem in root.iter():
        for key in ("id", "name") if elem.tag == "a" else ("id",):
            value = elem.get(key)
            if value and value not in targets:
                targets[value] = elem
    page = _Page(root, parent, targets)
    canonical = None
    for link in root.iter("link"):
        if "canonical" in (link.get("rel") or "").lower().split():
            canonical = link.get("href")
            break
    canonical = canonical or _meta(root, "og:url", "citation_fulltext_html_url", "citation_public_url")
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        path, hash_, fragment = href.partition("#")
        if hash_ and fragment and _same_page(path, canonical):
            target = unquote(fragment)
            # A target that is itself a link is a marker in the text (ScienceDirect's back-links
            # from the list, href="#bbib12", land on the marker name="bbib12"): no entry.
            if target in targets and targets[target].get("href") is None:
                page.links.append((a, target))
    return page


def _entry_of(page: _Page, target: Any) -> Any:
    """The entry a link target is in: the nearest li/dd around it (within three levels), else the
    nearest p/div (ScienceDirect's ``<li id="bib12">``, PLOS's empty ``<a id="...ref012">`` in an ``li``,
    Springer's ``<p id="ref-CR12">`` in an ``li``, Frontiers' ``<a id="B12">`` in a ``p``)."""
    chain = [target, *page.ancestors(target)]
    for elem in chain[:4]:
        if elem.tag in ENTRY_TAGS:
            return elem
    for elem in chain[:4]:
        if elem.tag in ENTRY_BLOCKS:
            return elem
    return None


def _heading_before(page: _Page, elem: Any) -> str | None:
    """The text of the heading just before ``elem`` among its siblings, or its parent's first heading."""
    up = page.parent.get(elem)
    if up is None:
        return None
    siblings = list(up)
    for sib in reversed(siblings[:siblings.index(elem)]):
        if re.fullmatch(r"h[1-6]", sib.tag):
            return element_text(sib)
        if sib.tag not in ("a", "span", "div") or element_text(sib):
            break
    return None


def _is_reference_list(page: _Page, box: Any) -> bool:
    for elem in [box, *page.ancestors(box)][:4]:
        if _says(REF_HINT, elem):
            return True
        heading = _heading_before(page, elem)
        if heading is not None and REF_HEADING.match(heading):
            return True
    return False


def _find_reference_lists(page: _Page) -> tuple[list[Any], list[Any]]:
    """The reference list containers and their entries in page order."""
    if not page.links:
        raise HtmlInputError("the page has no internal links (<a href=\"#...\">) to a reference list: not a "
                             "publisher's article page, or its references are loaded by a script?")
    groups: dict[Any, set[Any]] = {}
    inner = 0
    for a, target in page.links:
        entry = _entry_of(page, page.targets[target])
        box = page.parent.get(entry) if entry is not None else None
        if box is not None and page.inside(a, box):  # a list's own links to itself name no entry of it
            inner += 1
        elif box is not None:
            groups.setdefault(box, set()).add(entry)
    if not groups and inner:
        raise HtmlInputError(f"the page's {inner} internal link(s) all sit inside the list they land on: "
                             "no in-text citations")
    hinted = [box for box in groups if _is_reference_list(page, box)]
    if not hinted:
        best = max(groups, key=lambda b: len(groups[b]), default=None)
        if best is None or len(groups[best]) < 2:
            raise HtmlInputError(f"the page has {len(page.links)} internal link(s), but they land on no list of "
                                 "entries (a reference list of <li>, <dd> or <p> items): no reference list found")
        hinted = [best]
    # Boxes nested in another chosen box (an entry holding a list) are part of it.
    boxes = [b for b in hinted if not any(page.inside(b, other) for other in hinted if other is not b)]
    order = {elem: k for k, elem in enumerate(page.root.iter())}
    boxes.sort(key=order.__getitem__)
    entries = []
    for box in boxes:
        # Items of a list are entries, cited or not; blocks (p, div) only with a cited one's class:
        # Frontiers' p.ReferencesCopy2 beside p.ReferencesCopy1 holds the entry's link row.
        kinds = {(e.tag, None if e.tag in ENTRY_TAGS else e.get("class")) for e in groups[box]}
        entries.extend(c for c in box if (c.tag, None if c.tag in ENTRY_TAGS else c.get("class")) in kinds)
    return boxes, entries


def _reference_section(page: _Page, box: Any, cites: list[Any]) -> Any:
    """The whole reference section around a list (its "References" heading, "Download references" ...):
    the list's ancestors while their id/class or heading says references and they hold no citation."""
    while True:
        up = page.parent.get(box)
        if up is None or up.tag in ("main", "article", "body", "x-document") \
                or any(page.inside(a, up) for a in cites):
            break
        heading = next((element_text(h) for h in up if re.fullmatch(r"h[1-6]", h.tag)), None)
        if not (_says(REF_HINT, up) or (heading is not None and REF_HEADING.match(heading))):
            break
        box = up
    # A "References" heading just before a list that cannot take its section (Frontiers: one
    # div.References per entry, beside the article's paragraphs) goes with the list.
    up = page.parent.get(box)
    siblings = list(up) if up is not None else []
    k = siblings.index(box) if box in siblings else 0
    if k and re.fullmatch(r"h[1-6]", siblings[k - 1].tag) and REF_HEADING.match(element_text(siblings[k - 1])):
        siblings[k - 1].tag = "x-hidden"
    return box


def _label(entry: Any, box: Any, position: int) -> str | None:
    counter = entry.get("data-counter")
    if counter and counter.strip():
        return counter.strip()
    for elem in entry.iter():
        if elem is not entry and LABEL_CLASS.search(" ".join(_classes(elem))) and element_text(elem):
            elem.tag = "x-label"  # out of the raw text
            return element_text(elem)
    if box.tag == "ol" and entry.tag == "li":  # the number the list draws, not in the text
        return str(position)
    return None


def _ol_numbers(box: Any) -> dict[Any, int]:
    """The number an ``<ol>`` draws before each item: ``start``, then ``value`` resets."""
    out = {}
    try:
        n = int(box.get("start") or 1)
    except ValueError:
        n = 1
    for li in box:
        if li.tag != "li":
            continue
        value = li.get("value")
        if value and value.strip().lstrip("-").isdigit():
            n = int(value)
        out[li] = n
        n += 1
    return out


def read_reference(entry: Any, box: Any, index: int, ref_id: str, position: int) -> XmlReference:
    """One entry of the reference list (the tree is edited: its label and link rows are marked as such)."""
    doi = pmid = None
    for elem in entry.iter():
        doi = doi or ids.doi(elem.get("data-doi"))
        href = (elem.get("href") or "").strip() if elem.tag == "a" else ""
        m = DOI_LINK.match(unquote(href))
        if m and doi is None:
            doi = ids.doi(m.group("doi"))
        m = PUBMED_LINK.search(href)
        if m and pmid is None:
            pmid = m.group("pmid")
    label = _label(entry, box, position)
    for elem in entry.iter():
        if elem is not entry and (any(c.endswith("links") for c in _classes(elem))
                                  or (elem.tag == "a" and CHROME_TEXT.match(element_text(elem)))):
            elem.tag = "x-chrome"
    raw = " ".join(build_text([(entry, "")], REFERENCE_MARKUP).text.split())
    raw = LEFTOVER_SEPARATORS.sub("", raw)
    if label and raw.startswith(label):
        raw = raw[len(label):].lstrip()
    parsed = parse_entry(raw)
    return XmlReference(
        id=ref_id, index=index, label=label, raw=raw, authors=parsed.authors,
        year=parsed.year, year_suffix=parsed.year_suffix, title=parsed.title,
        doi=doi or parsed.doi, pmid=pmid, arxiv_id=parsed.arxiv_id,
        url=parsed.url,
    )


def _mark_left_out(page: _Page, boxes: list[Any]) -> None:
    """Rename what the text leaves out by class (the markup says only by tag) to the names Markup knows."""
    for box in boxes:
        box.tag = "x-references"
    for elem in page.root.iter():
        if elem.tag in ("x-references", "x-document"):
            continue
        style = (elem.get("style") or "").replace(" ", "").lower()
        if elem.get("hidden") is not None or "display:none" in style:
            elem.tag = "x-hidden"
            continue
        classes = _classes(elem)
        if any(TABLE_CLASS.match(c) for c in classes):
            elem.tag = "x-table"
        elif any(FIGURE_CLASS.match(c) for c in classes):
            elem.tag = "x-figure"
        elif any(FOOTNOTE_CLASS.match(c) for c in classes):
            elem.tag = "x-footnote"
        elif "graphical" in classes and _says(ABSTRACT, elem):  # as for Elsevier XML: not the article's text
            elem.tag = "x-other"


def _outermost(page: _Page, found: list[Any]) -> list[Any]:
    """The elements of ``found`` not inside another; an empty anchor (PLOS's ``<a id="ack"></a>`` before
    the heading) stands for its parent."""
    found = list(dict.fromkeys(page.parent.get(e, e) if e.tag == "a" and not element_text(e) else e
                               for e in found))
    chosen = set(found)
    return [e for e in found if not any(a in chosen for a in page.ancestors(e))]


def _main(page: _Page, cites: dict[Any, tuple[str, ...]]) -> Any:
    """The article's container: the innermost <main>/<article> holding every marker, else <body>."""
    links = list(cites)
    best = None
    for elem in page.root.iter():
        if elem.tag in ("main", "article") and all(page.inside(a, elem) for a in links):
            best = elem  # iter() is depth first: a later hit inside an earlier one is deeper
    if best is not None:
        return best
    body = next(page.root.iter("body"), None)
    return body if body is not None else page.root


def read_html(data: bytes | str, name: str = "input") -> XmlArticle:
    """The citation model of the article page in ``data`` (``name`` is for messages and ``source.file``).

    >>> page = '''<html><body><main><h1>A page</h1><p>As shown [<a href="#r1">1</a>&#8211;<a href="#r3">3</a>].
    ... Later <a href="#r2">2</a>.</p><section id="references"><h2>References</h2><ol>
    ... <li id="r1">Ames A. One. 2001.</li><li id="r2">Bell B. Two. 2002.</li><li id="r3">Cox C. Three. 2003.</li>
    ... </ol></section></main></body></html>'''
    >>> a = read_html(page)
    >>> a.text
    'A page\\n\\nAs shown [1–3]. Later 2.'
    >>> [(c.text, c.ref_ids) for c in a.citations]
    [('1–3', ('r1', 'r2', 'r3')), ('2', ('r2',))]
    """
    try:
        return _read(data, name)[0]
    except HtmlInputError as exc:
        message = str(exc)
        raise HtmlInputError(message if message.startswith(f"{name}:") else f"{name}: {message}") from None


def _read(data: bytes | str, name: str) -> tuple[XmlArticle, Built]:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if not raw.strip():
        raise HtmlInputError("the file is empty")
    root = parse_html(data)
    if not any(e.tag not in ("x-document", "html", "head", "body") for e in root.iter()):
        raise HtmlInputError("no HTML elements in the file: not an HTML page")
    title = _meta(root, "citation_title", "dc.title", "og:title")
    doi = _meta(root, "citation_doi", "prism.doi", "dc.identifier")
    if doi:
        doi = ids.doi(doi)
    page = _page(root)
    boxes, entries = _find_reference_lists(page)
    targets = {id(t) for t in page.targets.values()}
    numbers = {li: n for box in boxes if box.tag == "ol" for li, n in _ol_numbers(box).items()}
    alias: dict[str, str] = {}
    references = []
    used: set[str] = set()
    linked = {t for _a, t in page.links}
    for index, entry in enumerate(entries, start=1):
        inside = [e for e in entry.iter() if id(e) in targets]
        names = [k for e in inside for k in (e.get("id"), e.get("name")) if k and page.targets.get(k) is e]
        ref_id = next((k for k in names if k in linked), None) or (names[0] if names else f"ref{index}")
        if ref_id in used:
            ref_id = f"{ref_id}-{index}"
        used.add(ref_id)
        for k in names:
            alias.setdefault(k, ref_id)
        box = page.parent[entry]
        references.append(read_reference(entry, box, index, ref_id, numbers.get(entry, index)))
    box_set = set(boxes)
    cites: dict[Any, tuple[str, ...]] = {}
    for a, target in page.links:
        if target in alias and not any(up in box_set for up in page.ancestors(a)):
            cites[a] = (*cites.get(a, ()), alias[target])
    if not cites:
        raise HtmlInputError(f"the reference list has {len(references)} entries, but no link outside it lands "
                             "on one: no in-text citations")
    _mark_left_out(page, [_reference_section(page, box, list(cites)) for box in boxes])
    main = _main(page, cites)
    parts: list[tuple[Any, str]] = []
    h1 = next((h for h in main.iter("h1")), None) or next(root.iter("h1"), None)
    if h1 is not None:
        title = title or element_text(h1) or None
        page.detach(h1)
        parts.append((h1, Context.TITLE))
    abstracts = _outermost(page, [e for e in root.iter() if e.tag not in LEFT_OUT and e.tag not in DROPPED
                                  and _says(ABSTRACT, e)
                                  and e is not main and not page.inside(main, e)])
    abstracts = [e for e in abstracts if e is not main and not page.inside(main, e)]
    for e in abstracts:
        page.detach(e)
        parts.append((e, Context.ABSTRACT))
    acks = [e for e in _outermost(page, [e for e in main.iter() if e is not main and _says(ACK, e)])
            if e is not main]
    for e in acks:
        page.detach(e)
    parts.append((main, Context.BODY))
    parts.extend((e, Context.BACK) for e in acks)
    if title is None:
        head_title = next(root.iter("title"), None)
        title = element_text(head_title) or None if head_title is not None else None
    markup = Markup(BLOCKS, LEFT_OUT, DROPPED, RAISED, frozenset(), cites.get)
    built = build_text(parts, markup)
    article = assemble(built, references, Format.HTML, title=title, doi=doi, total_cites=len(cites))
    return replace(article, file=name, sha256=hashlib.sha256(raw).hexdigest()), built


# ------------------------------------------------------------------------------------- readability


class Placement(enum.StrEnum):
    """What became of a link looked for in an extracted text."""

    UNIQUE = "placed_uniquely"
    AMBIGUOUS = "ambiguous"
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class LinkPlacement:
    text: str  # the link's own text
    ref_ids: tuple[str, ...]
    before: str  # the page text before it, white space collapsed, at most CONTEXT_CHARS long
    status: Placement
    occurrences: int
    start: int | None = None  # offsets in the extracted text when placed
    end: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "ref_ids": list(self.ref_ids), "before": self.before, "status": str(self.status),
                "occurrences": self.occurrences, "start": self.start, "end": self.end}


@dataclass(frozen=True, slots=True)
class PlacedText:
    """An article whose text is a readability extraction, with the page's links placed in it."""

    article: XmlArticle  # text: the extracted text; citations: the links placed uniquely, joined as markers
    links: tuple[LinkPlacement, ...]

    def counts(self) -> dict[str, int]:
        return {str(p): sum(1 for link in self.links if link.status == p) for p in Placement}

    def to_json(self) -> dict[str, Any]:
        out = self.article.to_json()
        out["placement"] = {"context_chars": CONTEXT_CHARS, "links": len(self.links), **self.counts(),
                            "unplaced": [link.to_json() for link in self.links if link.status != Placement.UNIQUE]}
        return out


def _squeeze(text: str) -> tuple[str, list[int]]:
    """``text`` without white space, and the offset in ``text`` of each character kept.

    >>> _squeeze(" a b\\n c")
    ('abc', [1, 3, 6])
    """
    kept = [(k, ch) for k, ch in enumerate(text) if not ch.isspace()]
    return "".join(ch for _k, ch in kept), [k for k, _ch in kept]


def _before(text: str, start: int) -> str:
    """The ``CONTEXT_CHARS`` characters before ``start``, white space collapsed first."""
    window = " ".join(text[max(0, start - 4 * CONTEXT_CHARS):start].split())
    if start and text[start - 1].isspace():
        window += " "
    return window[-CONTEXT_CHARS:]


def _occurrences(haystack: str, needle: str) -> list[int]:
    out = []
    k = haystack.find(needle)
    while k >= 0 and needle:
        out.append(k)
        k = haystack.find(needle, k + 1)
    return out


def place_links(page_text: str, placed: tuple[Placed, ...], extracted: str) -> tuple[LinkPlacement, ...]:
    """Each link of the page's text looked for in ``extracted`` by its text and the page text before it.

    >>> from citelens.xml.text import Placed
    >>> page = "Cats purr [1]. Dogs bark [2]."
    >>> links = (Placed(10, 13, "[1]", ("r1",), "body", True), Placed(25, 28, "[2]", ("r2",), "body", True))
    >>> [(p.status.value, p.start) for p in place_links(page, links, "Cats\\npurr [1].\\n\\nDogs bark [2].")]
    [('placed_uniquely', 10), ('placed_uniquely', 26)]
    >>> [p.status.value for p in place_links(page, links, "Cats purr [1]. Cats purr [1]. Dogs bark!")]
    ['ambiguous', 'not_found']
    """
    squeezed, where = _squeeze(extracted)
    out = []
    for p in placed:
        before = _before(page_text, p.start)
        own, _ = _squeeze(page_text[p.start:p.end])
        key, _ = _squeeze(before)
        hits = _occurrences(squeezed, key + own)
        if len(hits) == 1:
            first = hits[0] + len(key)
            start, end = where[first], where[first + len(own) - 1] + 1
            out.append(LinkPlacement(p.text, p.ids, before, Placement.UNIQUE, 1, start, end))
        else:
            status = Placement.AMBIGUOUS if hits else Placement.NOT_FOUND
            out.append(LinkPlacement(p.text, p.ids, before, status, len(hits)))
    return tuple(out)


def place_in_text(data: bytes | str, extracted: str, name: str = "input") -> PlacedText:
    """The page's citation model over a readability-extracted ``extracted`` text of it.

    The page is read as by :func:`read_html` (its references, and its text to take each link's context
    from); each link of that text is placed in ``extracted`` (:func:`place_links`); the links placed
    uniquely become the markers of the model, whose ``text`` is ``extracted`` as given.
    """
    try:
        page, built = _read(data, name)
    except HtmlInputError as exc:
        message = str(exc)
        raise HtmlInputError(message if message.startswith(f"{name}:") else f"{name}: {message}") from None
    links = place_links(built.text, built.placed, extracted)
    found = sorted((Placed(link.start, link.end, p.text, p.ids, p.context,  # type: ignore[arg-type]
                           extracted[link.start:link.end] == p.text)  # type: ignore[index]
                    for link, p in zip(links, built.placed, strict=True) if link.status == Placement.UNIQUE),
                   key=lambda q: q.start)
    article = assemble(Built(extracted, tuple(found), dict(built.not_placed), built.empty), page.references,
                       Format.HTML, title=page.title, doi=page.doi)
    article = replace(article, not_placed=page.not_placed, elements=page.elements, file=page.file,
                      sha256=page.sha256)
    return PlacedText(article, links)
