"""The demo paper: a small, invented, scholarly-looking PDF, and broken copies of it for tests.

    python tools/demo_paper.py build/demo        # writes every file of VARIANTS into build/demo/
    python tools/demo_paper.py build/demo --long 500   # only long-500.pdf: the long two-column paper

Input: nothing but this script. Output: ``demo-paper.pdf`` (3 pages: title, authors, abstract, numbered
bold headings, numbered citations such as [1], [2, 3], [4-6], an equation, Figure 1, Table 1 and eight
references), ``demo-paper-linked.pdf`` (the same paper with bookmarks and citation links, as LaTeX's
hyperref would make them), and the bad inputs the CLI must survive: ``encrypted.pdf`` (user password),
``scanned.pdf`` (shapes only, no text layer), ``truncated.pdf`` (the first half of the paper's bytes)
and ``not-a-pdf.pdf`` (plain text). Tests write more from it: the long two-column paper (``write_long_paper``)
and a thesis whose three chapters each close with a list of their own (``write_thesis``).

Invariants: the two papers are byte-for-byte the same on every run (reportlab's ``invariant=1``), use
only base-14 fonts (Times-Roman, Times-Bold, Times-Italic: no font files, every glyph width known to
pdfminer), and the writer returns where it drew each heading, bookmark and link in citelens
coordinates (top-left origin, y = baseline, see ``citelens.model``) so adapter tests check extraction
against the truth. The paper, its authors, affiliations, numbers and references are all invented.

Tests import this file by path (``tools/`` is not a package); it needs the ``demo`` extra (reportlab).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

PAGE_W, PAGE_H = LETTER  # 612 x 792 pt
MARGIN = 72.0  # one inch all round
TEXT_W = PAGE_W - 2 * MARGIN
BODY_SIZE, BODY_LEADING = 10.0, 12.5
PARA_INDENT = 12.0
USER_PASSWORD = "demo-secret"

ROMAN, BOLD, ITALIC = "Times-Roman", "Times-Bold", "Times-Italic"

# A citation group in the body text, and each number inside it: "[2, 3]" links "2" and "3" separately,
# as hyperref's \cite does.
CITE_GROUP = re.compile(r"\[\d+(?:\s*[,\-–]\s*\d+)*\]")
CITE_NUMBER = re.compile(r"\d+")


# ----------------------------------------------------------------------------------------- content


@dataclass(frozen=True)
class Heading:
    number: str | None
    title: str
    level: int  # 1 = section, 2 = subsection

    @property
    def text(self) -> str:
        return f"{self.number} {self.title}" if self.number else self.title


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Equation:
    text: str
    number: int


@dataclass(frozen=True)
class Figure:
    label: str  # "Figure 1:"
    caption: str


@dataclass(frozen=True)
class Table:
    label: str
    caption: str
    rows: tuple[tuple[str, ...], ...]  # first row: column heads


TITLE = "Reading Between the Brackets: Linking In-Text Citations in Born-Digital PDFs"
AUTHORS = "Ada Lindqvist     Tomás Ferreira     Mei Okonkwo"
AFFILIATION = "Institute for Document Studies, Northfield University"
EMAIL = "{ada.lindqvist, tomas.ferreira, mei.okonkwo}@northfield.example"

ABSTRACT = (
    "Readers of scholarly PDFs lose their place every time they chase a numbered citation to the reference "
    "list and back. We describe a small, local pipeline that turns the text layer of a PDF into a map of its "
    "structure: the section outline, the reference entries, and every in-text citation with the entry it "
    "points to. The pipeline needs no server and no trained model; it reads the positions and fonts of the "
    "text alone. On a corpus of papers from many publishers it recovers the outline of papers that carry no "
    "bookmarks and links numeric citations with high precision. This paper is itself a test fixture: a script "
    "generated it, and everything in it, its authors and references included, is invented."
)

BODY: tuple[Heading | Para | Equation | Figure | Table, ...] = (
    Heading("1", "Introduction", 1),
    Para(
        "A citation such as [1] is a promise: somewhere in the paper an entry says what [1] is. Keeping that "
        "promise costs the reader a jump to the last pages, a scan for the right number and a jump back, often "
        "several times in one paragraph when a sentence cites a group of works such as [2, 3] or a range such "
        "as [4-6]. Publishers' HTML views keep the promise with popovers, but most papers are still read as "
        "PDFs, and many PDFs carry no links at all."
    ),
    Para(
        "Born-digital PDFs nevertheless hold everything a reader needs. Their text layer gives every glyph with "
        "its position and its font, so numbered headings, caption labels and the reference list can be "
        "recognised from typography alone, much as a reader recognises them at a glance. Section 3 describes "
        "how we group glyphs into lines and lines into headings, and Section 4 reports how well this works on "
        "real papers (Table 1)."
    ),
    Para(
        "Our contributions are a line model shared by every stage, a heading detector that needs no training "
        "data, and a JSON format for the results that a reader in the browser consumes directly [7]."
    ),
    Heading("2", "Related Work", 1),
    Para(
        "Work on citations in PDFs falls into two groups: parsers that recover the reference list and the "
        "citations pointing into it, and reading interfaces that show the result to the reader."
    ),
    Heading("2.1", "Reference Parsing", 2),
    Para(
        "Reference strings have been parsed with hand-written rules [2] and with sequence labelling [3]. Both "
        "assume that the reference list has already been cut into entries, which is itself the harder problem "
        "on two-column pages, where entries break across columns and pages [4-6]."
    ),
    Heading("2.2", "Reading Interfaces", 2),
    Para(
        "Augmented readers show the cited paper's abstract beside the citing sentence [7] or highlight the "
        "citations of papers that the reader already knows [8]. They depend on a parser that runs on a server; "
        "ours runs in the reader's own browser, so the paper never leaves the reader's machine."
    ),
    Heading("3", "Method", 1),
    Para(
        "The input is a list of text items, each a run of glyphs in one font on one baseline, with its position "
        "on the page. Items whose baselines lie within three quarters of the font size of each other form a "
        "line, unless a wide gap crosses the middle of the page, which marks a column gutter. A line is a "
        "heading candidate when it is set larger than the body text, or in bold and opened by a section number. "
        "Figure 1 shows how the candidates of a typical paper are distributed."
    ),
    Para("To link a mention m to a reference entry r we score every pairing as"),
    Equation("score(m, r) = w1 · sim(m, r) + w2 · prior(r)", 1),
    Para(
        "where sim compares the mention's label with the entry's label and prior favours entries cited nearby "
        "[1]. Equation 1 is cheap enough to evaluate for every pairing on every page."
    ),
    Figure("Figure 1:", "Heading candidates per page, by font size relative to the body text."),
    Heading("4", "Results", 1),
    Para(
        "Table 1 summarises linking accuracy by citation style. Numeric styles are the easiest: the label in "
        "the text is the label of the entry. Author-year styles need a fuzzy match of surnames and years, which "
        "fails mostly on hyphenated and particle names [5]. Superscript citations are hard to tell from "
        "footnote marks and exponents [6], as the small bars of Figure 1 suggest."
    ),
    Table(
        "Table 1:",
        "Linking accuracy by citation style (invented numbers).",
        (
            ("Style", "Papers", "Precision", "Recall"),
            ("numeric", "24", "0.97", "0.94"),
            ("author-year", "15", "0.91", "0.88"),
            ("superscript", "8", "0.89", "0.85"),
        ),
    ),
    Heading("5", "Conclusion", 1),
    Para(
        "Typography alone recovers most of a paper's structure. The remaining errors concentrate in a few "
        "layouts, which we will address with rules per template rather than a learned model, keeping the "
        "pipeline small enough to run in any browser [8]."
    ),
)

REFERENCES: tuple[str, ...] = (
    "Ada Lindqvist and Mei Okonkwo. 2021. Where citations point: resolving numeric references in scholarly "
    "PDFs. In Proceedings of the Workshop on Document Structure, pages 14–23.",
    "Harriet Voss. 2009. Rules for reference strings. Journal of Bibliographic Engineering, 12(3):201–219.",
    "Jonas Brandt, Priya Raman, and Leo Castellanos. 2016. Sequence labelling of citation strings with "
    "conditional random fields. Transactions on Digital Libraries, 7:88–104. doi:10.5555/tdl.2016.0042.",
    "Keiko Aramaki and Samuel Otieno. 2018. Segmenting reference lists in two-column layouts. In Proceedings "
    "of the Conference on Document Engineering, pages 51–60.",
    "Samuel Otieno. 2019. Surname variation and the author-year citation. Scientometric Letters, 3(1):1–9.",
    "Lucía Márquez, Keiko Aramaki, and Tomás Ferreira. 2020. Superscripts, footnotes and exponents: telling "
    "marks apart. Document Analysis Quarterly, 15(2):77–95.",
    "Mei Okonkwo and Ada Lindqvist. 2022. Popover previews of cited papers in the reading view. In Proceedings "
    "of the Symposium on Reading Interfaces, pages 230–241. doi:10.5555/sri.2022.230.",
    "Ravi Iyer and Hanna Kowalczyk. 2023. Familiar citations: highlighting what a reader already knows. "
    "Interacting with Papers, 2:40–58.",
)


# ------------------------------------------------------------------------------------------ output


@dataclass(frozen=True)
class Drawn:
    """A string as drawn, in citelens coordinates: top-left origin, ``y`` is the baseline."""

    text: str
    page: int
    x: float
    y: float
    font: str
    size: float
    width: float  # advance width, from the font's metrics


@dataclass(frozen=True)
class DrawnBookmark:
    title: str
    level: int  # 1 = top level, as citelens counts
    page: int
    y: float  # the destination's top, from the top of the page


@dataclass(frozen=True)
class DrawnLink:
    page: int
    rect: tuple[float, float, float, float]  # top-left coordinates, y0 < y1
    dest: str  # the named destination, e.g. "ref3"
    dest_page: int
    dest_y: float


@dataclass(frozen=True)
class DemoPaper:
    path: Path
    pages: int
    width: float
    height: float
    title: Drawn
    headings: tuple[Drawn, ...]
    bookmarks: tuple[DrawnBookmark, ...]  # empty unless linked
    links: tuple[DrawnLink, ...]  # empty unless linked


class _Writer:
    """Flows blocks down the page; ``top`` is the top of the next line, in reportlab's bottom-up space."""

    def __init__(self, canvas: Canvas, *, linked: bool) -> None:
        self.c = canvas
        self.linked = linked
        self.page = 1
        self.top = PAGE_H - MARGIN
        self.headings: list[Drawn] = []
        self.bookmarks: list[DrawnBookmark] = []
        self.dests: dict[str, tuple[int, float]] = {}
        self.pending_links: list[tuple[int, tuple[float, float, float, float], str]] = []
        self.title: Drawn | None = None

    # -- page mechanics

    def need(self, height: float) -> None:
        if self.top - height < MARGIN:
            self.new_page()

    def new_page(self) -> None:
        self.footer()
        self.c.showPage()
        self.page += 1
        self.top = PAGE_H - MARGIN

    def footer(self) -> None:
        self.c.setFont(ROMAN, 9)
        self.c.drawCentredString(PAGE_W / 2, MARGIN / 2, str(self.page))

    def line(self, text: str, x: float, font: str, size: float, leading: float) -> float:
        """Draw one line at ``x``; returns its baseline (reportlab space)."""
        self.need(leading)
        base = self.top - 0.8 * leading
        self.c.setFont(font, size)
        self.c.drawString(x, base, text)
        self.top -= leading
        if self.linked and font == ROMAN:
            self._link_citations(text, x, base, font, size)
        return base

    def _link_citations(self, text: str, x: float, base: float, font: str, size: float) -> None:
        for group in CITE_GROUP.finditer(text):
            for num in CITE_NUMBER.finditer(group.group()):
                start, end = group.start() + num.start(), group.start() + num.end()
                x0 = x + stringWidth(text[:start], font, size)
                x1 = x + stringWidth(text[:end], font, size)
                rl = (x0, base - 0.22 * size, x1, base + size)
                self.c.linkRect("", f"ref{num.group()}", rl, relative=0, thickness=0)
                self.pending_links.append((self.page, (x0, PAGE_H - rl[3], x1, PAGE_H - rl[1]),
                                           f"ref{num.group()}"))

    # -- blocks

    def centred(self, text: str, font: str, size: float, leading: float) -> Drawn:
        width = stringWidth(text, font, size)
        x = (PAGE_W - width) / 2
        base = self.line(text, x, font, size, leading)
        return Drawn(text, self.page, x, PAGE_H - base, font, size, width)

    def front_matter(self) -> None:
        for text in simpleSplit(TITLE, BOLD, 17, TEXT_W - 40):
            drawn = self.centred(text, BOLD, 17, 21)
            self.title = self.title or drawn
        self.top -= 10
        self.centred(AUTHORS, ROMAN, 11, 14)
        self.centred(AFFILIATION, ITALIC, 10, 12.5)
        self.centred(EMAIL, ROMAN, 9, 12)
        self.top -= 14
        self.heading(Heading(None, "Abstract", 1), centred=True, size=BODY_SIZE)
        self.paragraph(ABSTRACT, indent_first=False, left=MARGIN + 30, width=TEXT_W - 60)

    def heading(self, h: Heading, *, centred: bool = False, size: float | None = None) -> None:
        size = size or (12.0 if h.level == 1 else BODY_SIZE)
        before = 10.0 if h.level == 1 else 6.0
        leading = size + 3
        self.need(before + leading + 2 * BODY_LEADING)  # keep with the next two lines
        self.top -= before
        width = stringWidth(h.text, BOLD, size)
        x = (PAGE_W - width) / 2 if centred else MARGIN
        base = self.line(h.text, x, BOLD, size, leading)
        self.top -= 2
        self.headings.append(Drawn(h.text, self.page, x, PAGE_H - base, BOLD, size, width))
        if self.linked:
            key = f"sec{len(self.headings)}"
            self.c.bookmarkPage(key, fit="XYZ", left=x, top=base + size)
            self.c.addOutlineEntry(h.text, key, level=h.level - 1)
            self.bookmarks.append(DrawnBookmark(h.text, h.level, self.page, PAGE_H - (base + size)))

    def paragraph(self, text: str, *, indent_first: bool = True, left: float = MARGIN,
                  width: float = TEXT_W) -> None:
        indent = PARA_INDENT if indent_first else 0.0
        first, *rest = simpleSplit(text, ROMAN, BODY_SIZE, width - indent)
        rest = simpleSplit(" ".join(rest), ROMAN, BODY_SIZE, width) if rest else []
        self.line(first, left + indent, ROMAN, BODY_SIZE, BODY_LEADING)
        for line in rest:
            self.line(line, left, ROMAN, BODY_SIZE, BODY_LEADING)

    def equation(self, eq: Equation) -> None:
        self.top -= 4
        self.need(BODY_LEADING)
        width = stringWidth(eq.text, ITALIC, BODY_SIZE)
        base = self.top - 0.8 * BODY_LEADING
        self.c.setFont(ITALIC, BODY_SIZE)
        self.c.drawString((PAGE_W - width) / 2, base, eq.text)
        self.c.setFont(ROMAN, BODY_SIZE)
        self.c.drawRightString(PAGE_W - MARGIN, base, f"({eq.number})")
        self.top -= BODY_LEADING + 4

    def caption(self, label: str, text: str) -> None:
        """A one-line caption, centred, its label in bold (as LaTeX's caption package sets it)."""
        size = 9.0
        lw = stringWidth(label + " ", BOLD, size)
        x = (PAGE_W - lw - stringWidth(text, ROMAN, size)) / 2
        self.need(12)
        base = self.top - 0.8 * 12
        self.c.setFont(BOLD, size)
        self.c.drawString(x, base, label)
        self.c.setFont(ROMAN, size)
        self.c.drawString(x + lw, base, text)
        self.top -= 12

    def figure(self, fig: Figure) -> None:
        height = 130.0
        self.need(8 + height + 8 + 12 + 6)
        self.top -= 8
        c = self.c
        x0, y0 = MARGIN + 110, self.top - height
        # Axes and bars only: a figure's own text would add items that no stage expects of this fixture.
        c.setLineWidth(0.8)
        c.line(x0, y0, x0 + 250, y0)
        c.line(x0, y0, x0, y0 + height)
        for i, h in enumerate((0.25, 0.9, 0.55, 0.35, 0.15, 0.08)):
            c.setFillGray(0.35 + 0.1 * (i % 2))
            c.rect(x0 + 12 + 39 * i, y0, 26, h * (height - 10), stroke=0, fill=1)
        c.setFillGray(0)
        self.top -= height + 8
        self.caption(fig.label, fig.caption)
        self.top -= 6

    def table(self, tab: Table) -> None:
        row_h = 12.0
        self.need(8 + 12 + 4 + row_h * len(tab.rows) + 10)
        self.top -= 8
        self.caption(tab.label, tab.caption)
        self.top -= 4
        c = self.c
        left, right = MARGIN + 90, PAGE_W - MARGIN - 90
        cols = (left + 4, left + 150, left + 220, right - 4)  # first column left-aligned, others right
        c.setLineWidth(0.8)
        c.line(left, self.top, right, self.top)
        for r, row in enumerate(tab.rows):
            base = self.top - 0.8 * row_h - 1
            font = BOLD if r == 0 else ROMAN
            c.setFont(font, 9)
            c.drawString(cols[0], base, row[0])
            for cell, cx in zip(row[1:], cols[1:], strict=True):
                c.drawRightString(cx, base, cell)
            self.top -= row_h
            if r == 0:
                c.setLineWidth(0.4)
                c.line(left, self.top - 1, right, self.top - 1)
        self.top -= 2
        c.setLineWidth(0.8)
        c.line(left, self.top, right, self.top)
        self.top -= 10

    def references(self, entries: tuple[str, ...] | None = None) -> None:
        """The list under its heading, numbered from 1: the paper's :data:`REFERENCES`, or ``entries``."""
        self.heading(Heading(None, "References", 1))
        size, leading, hang = 9.0, 11.0, 20.0
        for n, entry in enumerate(REFERENCES if entries is None else entries, start=1):
            lines = simpleSplit(entry, ROMAN, size, TEXT_W - hang)
            self.need(leading * min(len(lines), 2))
            base = self.line(lines[0], MARGIN + hang, ROMAN, size, leading)
            self.c.drawString(MARGIN, base, f"[{n}]")  # the label hangs on the entry's first baseline
            for line in lines[1:]:
                self.line(line, MARGIN + hang, ROMAN, size, leading)
            self.top -= 2
            if self.linked:
                self.c.bookmarkPage(f"ref{n}", fit="XYZ", left=MARGIN, top=base + size)
            self.dests[f"ref{n}"] = (self.page, PAGE_H - (base + size))

    def body(self) -> None:
        first_after_heading = True
        for block in BODY:
            if isinstance(block, Heading):
                self.heading(block)
                first_after_heading = True
                continue
            if isinstance(block, Para):
                self.paragraph(block.text, indent_first=not first_after_heading)
            elif isinstance(block, Equation):
                self.equation(block)
            elif isinstance(block, Figure):
                self.figure(block)
            elif isinstance(block, Table):
                self.table(block)
            # LaTeX indents a paragraph unless it opens a section or continues after a display.
            first_after_heading = isinstance(block, Equation)


def _canvas(path: Path, *, encrypt: str | None = None) -> Canvas:
    c = Canvas(str(path), pagesize=LETTER, invariant=1, pageCompression=1, encrypt=encrypt)
    c.setTitle(TITLE)
    c.setAuthor("Ada Lindqvist; Tomás Ferreira; Mei Okonkwo (invented)")
    c.setSubject("citelens demo paper: an invented test fixture")
    c.setCreator("citelens tools/demo_paper.py")
    return c


def write_demo_paper(path: str | Path, *, linked: bool = False, encrypt: str | None = None) -> DemoPaper:
    """Write the demo paper to ``path``; ``linked`` adds bookmarks and citation links, ``encrypt`` a
    user password."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = _canvas(path, encrypt=encrypt)
    w = _Writer(c, linked=linked)
    w.front_matter()
    w.body()
    w.references()
    w.footer()
    if linked:
        c.showOutline()
    c.save()
    links = tuple(DrawnLink(page, rect, dest, *w.dests[dest]) for page, rect, dest in w.pending_links)
    assert w.title is not None
    return DemoPaper(path, w.page, PAGE_W, PAGE_H, w.title, tuple(w.headings), tuple(w.bookmarks), links)


def write_without_references(path: str | Path, doi: str) -> Path:
    """The demo paper with no reference list and ``doi:<doi>`` printed under the abstract on its first page,
    as publishers print a paper's own DOI: the reader must take the references from elsewhere (Crossref)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = _canvas(path)
    w = _Writer(c, linked=False)
    w.front_matter()
    w.top -= 4
    w.centred(f"doi:{doi}", ROMAN, 9, 12)
    w.body()
    w.footer()
    c.save()
    return path


def write_scanned(path: str | Path) -> Path:
    """Two pages that look like text from afar but are only filled rectangles: no text layer at all."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = Canvas(str(path), pagesize=LETTER, invariant=1, pageCompression=1)
    c.setCreator("citelens tools/demo_paper.py")
    for page in range(2):
        c.setFillGray(0.2)
        c.rect(MARGIN + 60, PAGE_H - MARGIN - 20, TEXT_W - 120, 14, stroke=0, fill=1)  # a "title"
        top = PAGE_H - MARGIN - 60
        for i in range(44):
            # Ragged "lines of text": widths vary deterministically, every 9th line ends a paragraph.
            width = TEXT_W * (0.55 if i % 9 == 8 else 0.93 + 0.07 * ((i * 7 + page) % 3) / 2)
            c.rect(MARGIN, top - 12.5 * i, width, 6, stroke=0, fill=1)
        c.showPage()
    c.save()
    return path


def write_truncated(source: str | Path, path: str | Path) -> Path:
    """The first half of ``source``'s bytes: a download cut short."""
    data = Path(source).read_bytes()
    path = Path(path)
    path.write_bytes(data[: len(data) // 2])
    return path


def write_not_pdf(path: str | Path) -> Path:
    """A text file with a .pdf name."""
    path = Path(path)
    path.write_text("This is a plain text file that only pretends to be a PDF.\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------- a long paper
# What a 500-page file does to every stage (the guide: "500-page files" must lose nothing) can only be
# measured on a paper whose truth we know: this one is made from the same fonts and writer, in two
# columns, with sections, numbered citations all through it, figures and their mentions, and a reference
# list as long as the paper needs. bench/bench_large.py and tests/test_long_paper.py read it.

LONG_GUTTER = 18.0
LONG_COL_W = (TEXT_W - LONG_GUTTER) / 2  # 225 pt: a two-column conference page
LONG_TOPICS = ("reference parsing", "citation linking", "heading detection", "column segmentation",
               "font statistics", "caption labels", "superscript markers", "author-year matching",
               "reading interfaces", "text extraction", "hyphenation", "page furniture")
LONG_SENTENCES = (
    "Earlier work on {t} relied on hand-written rules {c}, which hold up well on the layouts they were "
    "written for and poorly elsewhere.",
    "A second line of work treats {t} as sequence labelling {c} and needs annotated pages for every new "
    "template.",
    "We measured {t} on the pages of this section and found the same pattern as before {c}.",
    "Figure {f} plots how {t} behaves as the page fills up, from the first line to the last.",
    "The numbers in Figure {f} are invented, as is everything in this paper, but their shape is typical of "
    "{t} {c}.",
    "Nothing in {t} needs a server: the browser holds the whole document and the analysis runs beside it "
    "{c}.",
    "Where two columns meet, {t} must decide which line follows which, a choice that earlier systems "
    "made from the reading order of the file alone {c}.",
    "Long documents stress {t} in a way short ones do not, since every stage sees every page once and "
    "must not look at any page twice.",
)
LONG_VENUES = ("Journal of Bibliographic Engineering", "Transactions on Digital Libraries",
               "Document Analysis Quarterly", "Scientometric Letters", "Interacting with Papers")
LONG_SURNAMES = ("Lindqvist", "Okonkwo", "Ferreira", "Voss", "Brandt", "Raman", "Castellanos", "Aramaki",
                 "Otieno", "Márquez", "Iyer", "Kowalczyk", "Halvorsen", "Nakamura", "Adeyemi", "Petrova")
LONG_GIVEN = ("Ada", "Mei", "Tomás", "Harriet", "Jonas", "Priya", "Leo", "Keiko", "Samuel", "Lucía", "Ravi",
              "Hanna", "Ingrid", "Daichi", "Folake", "Olga")


@dataclass(frozen=True)
class LongPaper:
    """What :func:`write_long_paper` drew: enough truth for tests to check the analysis against."""

    path: Path
    pages: int
    references: int
    citations: int  # citation numbers drawn in the body ("[2, 3]" counts two)
    figures: int
    headings: tuple[Drawn, ...]
    cited_on: dict[int, tuple[int, ...]]  # page → the reference numbers cited on it, in order


LONG_SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "be", "do", "fu", "ga", "hi", "ja", "pe", "qu",
                  "ri", "su", "ze", "wo")


def long_title(n: int) -> str:
    """The ``n``-th heading title: three invented four-syllable words drawn by a generator seeded with
    ``n``. outline.py drops a title that recurs, up to a fifth of its letters, on three pages or more as a
    running head; English titles made from a few word lists do recur that closely, these do not (none of
    the 1239 titles of a 500-page paper). A thesis's "1.1 Introduction", "2.1 Introduction", ... would.

    >>> long_title(1)
    'Ruzemibe nequpequ hitonequ'
    """
    r = random.Random(n)
    words = ["".join(r.choice(LONG_SYLLABLES) for _ in range(4)) for _ in range(3)]
    return " ".join(words).capitalize()


def long_references(count: int) -> tuple[str, ...]:
    """``count`` invented reference entries in the demo paper's style (ACL: names, year, title, venue).

    >>> print(long_references(2)[1])
    Mei Okonkwo and Tomás Ferreira. 2002. A study of heading detection, part 2. Document Analysis Quarterly,
    3(3):15–32.
    """
    out = []
    for n in range(1, count + 1):
        a, b = (n - 1) % len(LONG_SURNAMES), n % len(LONG_SURNAMES)
        names = f"{LONG_GIVEN[a]} {LONG_SURNAMES[a]} and {LONG_GIVEN[b]} {LONG_SURNAMES[b]}"
        if n % 3 == 0:
            c = (n + 5) % len(LONG_SURNAMES)
            names = f"{LONG_GIVEN[a]} {LONG_SURNAMES[a]}, {LONG_GIVEN[b]} {LONG_SURNAMES[b]}, and " \
                    f"{LONG_GIVEN[c]} {LONG_SURNAMES[c]}"
        topic = LONG_TOPICS[n % len(LONG_TOPICS)]
        venue = LONG_VENUES[n % len(LONG_VENUES)]
        pages = f"{(n * 7) % 90 + 1}–{(n * 7) % 90 + 18}"
        out.append(f"{names}. {2000 + n % 24}. A study of {topic}, part {n}. {venue}, {n % 20 + 1}({n % 4 + 1}):"
                   f"{pages}.")
    return tuple(out)


class _LongWriter(_Writer):
    """The demo paper's writer in two columns: ``x`` given to :meth:`line` counts from the left of the
    current column, so a column or page break in the middle of a paragraph moves the rest with it."""

    def __init__(self, canvas: Canvas, *, linked: bool) -> None:
        super().__init__(canvas, linked=linked)
        self.col = 0
        self.col_top = PAGE_H - MARGIN  # where columns start on this page (below the title on page 1)
        self.cited_on: dict[int, list[int]] = {}
        self.spanning = True  # the front matter spans both columns and places its lines itself

    @property
    def col_left(self) -> float:
        return MARGIN + self.col * (LONG_COL_W + LONG_GUTTER)

    def new_page(self) -> None:
        if self.col == 0:
            self.col, self.top = 1, self.col_top
            return
        super().new_page()
        self.col, self.col_top = 0, self.top

    def line(self, text: str, x: float, font: str, size: float, leading: float) -> float:
        self.need(leading)
        return super().line(text, x if self.spanning else self.col_left + x, font, size, leading)

    def heading(self, h: Heading, *, centred: bool = False, size: float | None = None) -> None:
        if self.spanning:
            return super().heading(h, centred=centred, size=size)
        size = size or (11.0 if h.level == 1 else BODY_SIZE)
        leading = size + 3
        self.need(8 + leading + 2 * BODY_LEADING)
        self.top -= 8
        base = self.line(h.text, 0, BOLD, size, leading)
        self.top -= 2
        width = stringWidth(h.text, BOLD, size)
        self.headings.append(Drawn(h.text, self.page, self.col_left, PAGE_H - base, BOLD, size, width))
        if self.linked:
            key = f"sec{len(self.headings)}"
            self.c.bookmarkPage(key, fit="XYZ", left=self.col_left, top=base + size)
            self.c.addOutlineEntry(h.text, key, level=h.level - 1)
            self.bookmarks.append(DrawnBookmark(h.text, h.level, self.page, PAGE_H - (base + size)))

    def paragraph(self, text: str, *, indent_first: bool = True, left: float = 0.0,
                  width: float = LONG_COL_W) -> None:
        if self.spanning:
            return super().paragraph(text, indent_first=indent_first, left=left, width=width)
        for cited in CITE_GROUP.finditer(text):
            numbers = [int(n) for n in CITE_NUMBER.findall(cited.group())]
            if "-" in cited.group() or "–" in cited.group():
                numbers = list(range(numbers[0], numbers[-1] + 1))
            # The page is known only once the line is drawn: a paragraph may cross a break. Good enough for
            # a list of what is cited "on" a page: tests look at pages far from any break.
            self.cited_on.setdefault(self.page, []).extend(numbers)
        super().paragraph(text, indent_first=indent_first, left=left, width=width)

    def figure_in_column(self, number: int, caption: str) -> None:
        height, size = 90.0, 9.0
        label = f"Figure {number}:"
        lines = simpleSplit(f"{label} {caption}", ROMAN, size, LONG_COL_W)
        self.need(6 + height + 6 + 11 * len(lines) + 6)
        self.top -= 6
        c, x0, y0 = self.c, self.col_left + 20, self.top - height
        c.setLineWidth(0.8)
        c.line(x0, y0, x0 + LONG_COL_W - 40, y0)
        c.line(x0, y0, x0, y0 + height)
        for i in range(5):
            c.setFillGray(0.35 + 0.1 * (i % 2))
            h = 0.15 + 0.8 * (((number + i) * 37) % 10) / 10
            c.rect(x0 + 8 + 36 * i, y0, 24, h * (height - 8), stroke=0, fill=1)
        c.setFillGray(0)
        self.top -= height + 6
        first = lines[0].removeprefix(label)
        base = self.line(first, stringWidth(label, BOLD, size), ROMAN, size, 11)
        self.c.setFont(BOLD, size)
        self.c.drawString(self.col_left, base, label)  # the label in bold, as LaTeX's caption package sets it
        for rest in lines[1:]:
            self.line(rest, 0, ROMAN, size, 11)
        self.top -= 6

    def reference_list(self, references: tuple[str, ...]) -> None:
        self.heading(Heading(None, "References", 1))
        size, leading, hang = 9.0, 11.0, 22.0
        for n, entry in enumerate(references, start=1):
            lines = simpleSplit(entry, ROMAN, size, LONG_COL_W - hang)
            self.need(leading * min(len(lines), 2))
            base = self.line(lines[0], hang, ROMAN, size, leading)
            self.c.drawString(self.col_left, base, f"[{n}]")
            for line in lines[1:]:
                self.line(line, hang, ROMAN, size, leading)
            self.top -= 2
            if self.linked:
                self.c.bookmarkPage(f"ref{n}", fit="XYZ", left=self.col_left, top=base + size)
            self.dests[f"ref{n}"] = (self.page, PAGE_H - (base + size))


def _reference_pages(references: tuple[str, ...]) -> int:
    """Pages the list of :meth:`_LongWriter.reference_list` fills when it starts on a fresh page."""
    column_h, leading = PAGE_H - 2 * MARGIN, 11.0
    cols, top = 1, column_h - (8 + 14 + 2)  # the heading, as _LongWriter.heading sets it
    for entry in references:
        n = len(simpleSplit(entry, ROMAN, 9.0, LONG_COL_W - 22.0))
        for k in range(n):
            need = leading * min(n, 2) if k == 0 else leading
            if top - need < 0:
                cols, top = cols + 1, column_h
            top -= leading
        top -= 2
    return (cols + 1) // 2


def write_long_paper(path: str | Path, pages: int = 500, *, linked: bool = False) -> LongPaper:
    """A two-column paper of exactly ``pages`` pages (at least 4): the demo paper's front matter, then
    numbered sections whose paragraphs cite every reference in turn ("[12]", "[12, 13]", "[12-14]") and
    mention the figure that follows them, then one reference entry for every page. ``linked`` adds
    bookmarks and citation links. Deterministic: the same ``pages`` gives the same bytes.

    500 pages take about 5 s to write (reportlab measuring every word); see :func:`cached_long_paper`.
    """
    if pages < 4:
        raise ValueError(f"a long paper needs at least 4 pages, not {pages}")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    references = long_references(max(pages, 20))
    ref_pages = _reference_pages(references)
    c = _canvas(path)
    c.setTitle(f"{TITLE} ({pages} pages)")
    w = _LongWriter(c, linked=linked)
    w.front_matter()
    w.top -= 6
    w.col_top, w.spanning = w.top, False
    cite, figure, section = 0, 0, 0
    drawn_citations = 0

    def next_cite(k: int) -> str:
        nonlocal cite, drawn_citations
        n = len(references)
        first = cite % n + 1
        shape = k % 5
        if shape == 3 and first + 1 <= n:
            cite += 2
            drawn_citations += 2
            return f"[{first}, {first + 1}]"
        if shape == 4 and first + 2 <= n:
            cite += 3
            drawn_citations += 3
            return f"[{first}-{first + 2}]"
        cite += 1
        drawn_citations += 1
        return f"[{first}]"

    body_pages = pages - ref_pages

    def room() -> bool:
        """A block started now ends on the last body page at the latest (a block is shorter than a column)."""
        return w.page < body_pages or (w.page == body_pages and w.col == 0)

    k = 0
    while room():
        section += 1
        w.heading(Heading(str(section), long_title(100 * section), 1))
        for sub in range(1, 21):  # about ten pages a section: 500 pages stay below section 100
            if not room():
                break
            w.heading(Heading(f"{section}.{sub}", long_title(100 * section + sub), 2))
            for p in range(3):
                if not room():
                    break
                figure += p == 2
                sentences = []
                for s in range(5):
                    k += 1
                    template = LONG_SENTENCES[(k + p) % len(LONG_SENTENCES)]
                    topic = LONG_TOPICS[(k * 5 + s) % len(LONG_TOPICS)]
                    sentences.append(template.format(t=topic, c=next_cite(k) if "{c}" in template else "",
                                                     f=max(figure, 1)))
                w.paragraph(" ".join(sentences), indent_first=p > 0)
                if p == 2:
                    w.figure_in_column(figure, f"How {LONG_TOPICS[figure % 12]} varies over section {section}.")
    while w.page == body_pages:  # the list opens on a page of its own
        w.new_page()
    w.reference_list(references)
    w.footer()
    if linked:
        c.showOutline()
    c.save()
    return LongPaper(path, w.page, len(references), drawn_citations, figure, tuple(w.headings),
                     {p: tuple(ns) for p, ns in w.cited_on.items()})


def cached_long_paper(pages: int, folder: str | Path | None = None, *, linked: bool = False) -> Path:
    """:func:`write_long_paper` once per ``pages`` and version of this file: kept under ``folder``
    (default ``.cache/long-papers`` in the repository) by a name that holds the hash of this script."""
    import hashlib

    digest = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    folder = Path(folder) if folder is not None else Path(__file__).resolve().parent.parent / ".cache" / "long-papers"
    path = folder / f"long-{pages}{'-linked' if linked else ''}-{digest}.pdf"
    if not path.is_file():
        tmp = path.with_name(f".{path.name}.tmp")
        write_long_paper(tmp, pages, linked=linked)
        tmp.replace(path)
    return path


#: File names written by :func:`build_all`.
VARIANTS = ("demo-paper.pdf", "demo-paper-linked.pdf", "encrypted.pdf", "scanned.pdf", "truncated.pdf",
            "not-a-pdf.pdf")


# --------------------------------------------------------------------------------------- thesis

#: The chapters of the thesis (:func:`write_thesis`): each title, and the topic its entries and prose are about.
THESIS_CHAPTERS = (("1 Bones of the inner ear", "cochlea"), ("2 Muscles of the jaw", "masseter"),
                   ("3 Nerves of the face", "trigeminal"))
_THESIS_NAMES = ("Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster", "Grant", "Hill", "Irwin", "Jones", "Kerr",
                 "Lowe")


@dataclass(frozen=True)
class Thesis:
    path: Path
    pages: int
    chapters: tuple[str, ...]
    #: Each chapter's own list, numbered from 1: the entries' printed text.
    lists: tuple[tuple[str, ...], ...]
    #: Per chapter, the numbers its prose cites, in order.
    cited: tuple[tuple[int, ...], ...]


def thesis_entry(chapter: int, k: int, topic: str) -> str:
    """Entry ``k`` of chapter ``chapter``'s list: its own authors, title and year (invented)."""
    first, second = _THESIS_NAMES[(k + 3 * chapter) % 12], _THESIS_NAMES[(2 * k + chapter) % 12]
    return (f"{first[0]}. {first}, {second[0]}. {second}. Studies of the {topic}, part {k} of chapter {chapter}. "
            f"Journal of Invented Anatomy, {10 + k}:{k}01–{k}09, {1980 + 5 * chapter + k}.")


def write_thesis(path: str | Path, entries: tuple[int, ...] = (6, 8, 7)) -> Thesis:
    """A thesis of three chapters, each closing with a reference list of its own numbered from 1 (``entries``
    each), as books and theses print them: "[2]" in chapter 2 cites chapter 2's second entry. No bookmarks: the
    outline is found in the text ("1 Bones of the inner ear", numbered bold headings)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = _canvas(path)
    c.setTitle("On the anatomy of the head: a thesis in three chapters (invented)")
    w = _Writer(c, linked=False)
    w.centred("On the Anatomy of the Head", BOLD, 17, 21)
    w.centred("A thesis in three chapters, invented for citelens's tests", ROMAN, 11, 14)
    lists, cited = [], []
    for n, ((title, topic), count) in enumerate(zip(THESIS_CHAPTERS, entries, strict=True), start=1):
        if n > 1:
            w.new_page()
        w.heading(Heading(None, title, 1))
        numbers = []
        for k in range(1, count + 1):
            numbers.append(k)
            w.paragraph(f"The {topic} was described in study {k} of this chapter [{k}], whose measurements we take "
                        f"up here. Its shape, its growth and its variation between individuals are set out in "
                        f"turn, with the methods each author used and the samples each could draw on, before "
                        f"the findings of this chapter are compared with them in the section that follows.")
        cited.append(tuple(numbers))
        chapter_list = tuple(thesis_entry(n, k, topic) for k in range(1, count + 1))
        w.references(chapter_list)
        lists.append(chapter_list)
    w.footer()
    c.save()
    return Thesis(path, w.page, tuple(t for t, _ in THESIS_CHAPTERS), tuple(lists), tuple(cited))


def build_all(out_dir: str | Path) -> dict[str, Path]:
    """Write every file of :data:`VARIANTS` into ``out_dir``; returns name → path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paper = write_demo_paper(out / "demo-paper.pdf").path
    files = {
        "demo-paper.pdf": paper,
        "demo-paper-linked.pdf": write_demo_paper(out / "demo-paper-linked.pdf", linked=True).path,
        "encrypted.pdf": write_demo_paper(out / "encrypted.pdf", encrypt=USER_PASSWORD).path,
        "scanned.pdf": write_scanned(out / "scanned.pdf"),
        "truncated.pdf": write_truncated(paper, out / "truncated.pdf"),
        "not-a-pdf.pdf": write_not_pdf(out / "not-a-pdf.pdf"),
    }
    assert tuple(files) == VARIANTS
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the citelens demo paper and its broken variants.")
    parser.add_argument("out_dir", nargs="?", default="build/demo", help="output folder (default: build/demo)")
    parser.add_argument("--long", type=int, metavar="PAGES",
                        help="write only the two-column long paper of PAGES pages, long-PAGES.pdf")
    parser.add_argument("--linked", action="store_true", help="with --long: bookmarks and citation links too")
    args = parser.parse_args(argv)
    if args.long is not None:
        name = f"long-{args.long}{'-linked' if args.linked else ''}.pdf"
        paper = write_long_paper(Path(args.out_dir) / name, args.long, linked=args.linked)
        print(f"{paper.path} ({paper.path.stat().st_size} bytes): {paper.pages} pages, {paper.references} "
              f"references, {paper.citations} citations, {paper.figures} figures")
        return 0
    for path in build_all(args.out_dir).values():
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
