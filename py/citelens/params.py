"""Every tunable threshold, in one documented object (as pdfminer's ``LAParams``).

Distances are in units of the font size unless named otherwise; shares are fractions in [0, 1].
Stages take a ``Params`` (default :data:`PARAMS`) instead of carrying literals of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: A text item set smaller than this share of the size beside it (its line's, its band's largest, the
#: character before it) is a sub- or superscript: the one value behind every stage's ``script_size``.
SCRIPT_SIZE = 0.85


@dataclass(frozen=True, slots=True)
class FontParams:
    #: Where no font name says bold (opaque names: "F1", Type 3 fonts), a font is taken for bold when its
    #: glyphs run this much wider than the body font's, measured against a plain serif's widths (bold faces
    #: run 4-15 % wider than their family's regular: Times 7 %, Computer Modern 11-14 %) ...
    width_bold_min: float = 1.04
    #: ... and no wider than this (typewriter faces run 30-45 % wider: code, not headings) ...
    width_bold_max: float = 1.25
    #: ... in at least the body's size (smaller optical sizes run wider too: CMR7 8 %, CMR6 15 %) ...
    width_bold_size: float = 0.95
    #: ... over at least this many characters, of at most ``width_sample`` a font (enough for a stable measure).
    width_min_chars: int = 8
    width_sample: int = 3000


@dataclass(frozen=True, slots=True)
class LayoutParams:
    #: Items whose baselines differ by at most this x font size share a line (superscripts included).
    line_tolerance: float = 0.75
    drop_cap_ratio: float = 2.0  # a single letter this many times the line's size opening a band: a drop cap
    #: Second try for pages whose first pass finds no heading (tight-leading templates).
    line_tolerance_tight: float = 0.5
    #: A draft's margin line numbers (citelens.linenumbers): at least ``line_number_min`` integers on a page
    #: aligned within ``line_number_align`` x their size, each within ``line_number_baseline`` x their size of
    #: the baseline of text beside them, rising by the count of lines between them that start (or end) within
    #: ``line_number_reach`` x the text's size of them (items within ``line_number_same_line`` x their size of a
    #: line's first are on it); ``line_number_beside`` of them beside text, this share of their steps so, on
    #: ``line_number_pages`` of the pages that hold text.
    line_number_min: int = 8
    line_number_align: float = 0.15
    line_number_baseline: float = 0.3
    line_number_reach: float = 6.0
    line_number_same_line: float = 0.6
    line_number_beside: float = 0.5
    line_number_share: float = 0.7
    line_number_pages: float = 0.4
    line_number_strips: int = 4  # columns of integers read on a page at most, the largest first
    #: A gap wider than this between two items of a line reads as a space.
    space_gap: float = 0.15
    #: A gap wider than this splits a line anywhere (table cells, far-apart fragments).
    split_gap: float = 2.5
    #: A gap wider than this splits a line where it covers the page's vertical midline (column gutter) ...
    gutter_gap: float = 0.7
    #: ... unless it is at most ``gutter_word_max`` (em) and gaps of at least this share of it part the
    #: line's items on both sides of it: then it is a space between words of a justified line that spans the
    #: midline, read word by word (pdf.js gives an item per word where a line's spaces are stretched: The
    #: Lancet's 0.8 em). A space stretches to an em at most; a gutter, a table's cells are wider.
    gutter_word_share: float = 0.75
    gutter_word_max: float = 1.0
    #: Lines at least this long vote on whether a page has two columns.
    min_line_chars: int = 20
    #: Share of voting lines that must sit wholly in one half for a page to count as two-column ...
    two_column_share: float = 0.4
    #: ... a half reaching this share of the page's width past the midline.
    half_slack: float = 0.02
    #: The middle two columns part at is the text block's (:func:`citelens.layout._text_middle`) where it is
    #: more than this share of the page's width off the page's middle; the block's edges are where this share
    #: of the page's lines, and at least this many, start (within this many points of each other) and end.
    text_middle_slack: float = 0.015
    text_middle_share: float = 0.1
    text_middle_min: int = 4
    text_middle_flush: float = 2.0
    #: A sub- or superscript is set smaller than this share of the line's size (see :data:`SCRIPT_SIZE`);
    #: one banded with the line above is handed down to the next line when it hangs more than this x size
    #: below its band's baseline (a subscript hangs less) and sits at most this x the next line's size
    #: above that line's baseline.
    script_size: float = SCRIPT_SIZE
    subscript_drop: float = 0.3
    superscript_rise: float = 0.6
    #: A line of its own of at most this many characters, raised small numbers glued (this x their size apart at
    #: most, no word space) to a word of a line whose baseline is at most ``superscript_rise`` below theirs, is a
    #: superscript banded with another column's line: it joins its word's line.
    script_line_chars: int = 32
    script_glue: float = 0.15
    #: Smaller text whose baseline is more than this x a larger size above that size's in a line is raised (a
    #: superscript) and does not set the line's size.
    script_raised: float = 0.2
    #: An item more than this x its size below a band's first item, overlapping an item of the band by more
    #: than an em, is the next line of a smaller-set column (accents and scripts overlap by less).
    stacked_drop: float = 0.25
    #: A side box (a margin biography, an editor's note) stands apart from the body by an empty vertical strip:
    #: gaps at least this x font size wide between the items of at least ``aside_bands`` lines line up on it ...
    aside_gap: float = 1.0
    aside_bands: int = 3
    #: ... over a strip at least this wide (points; Frontiers' is 11) ...
    aside_strip: float = 6.0
    #: ... and the box is at most this share of the body's width, at least this many x its font size wide, its
    #: lines this many characters on average (a margin of reference labels or line numbers is no side box) ...
    aside_share: float = 0.5
    aside_min_width: float = 6.0
    aside_min_chars: int = 12
    #: ... (measured on the whole page, wider than the run's sides: ``aside_share`` x this slack), looked
    #: for on the widest this many strips; its lines may hold gaps of this x ``aside_gap`` (justified text) ...
    aside_slack: float = 1.5
    aside_strips: int = 3
    aside_justified: float = 2.0
    #: ... with at least two long body lines beside it, baselines within this x the body's size of its own,
    #: and set smaller than them: at most this x their size (a table's columns share one size) ...
    aside_beside: float = 1.5
    #: ... body lines that reach to within this x their size of the strip ...
    aside_reach: float = 3.0
    aside_smaller: float = 0.95
    #: ... in a block of at least this many lines (two columns' stubs, a heading beside a paragraph's end,
    #: are shorter); a shorter block of the same size (within this share) beside the same body goes with it.
    aside_min_lines: int = 3
    aside_same_size: float = 0.05
    #: A page's columns may part away from its midline (The Lancet sets a margin column for notes, and its
    #: two text columns beside it): gaps of ``aside_gap`` em or more lined up over a strip at least
    #: ``aside_strip`` wide in at least this share of the page's bands (and ``gutter_min_bands``) make a
    #: gutter, when the strip lies within this share of the page's width around its middle and more than an
    #: em from the midline (the midline's own rule covers the rest).
    gutter_bands_share: float = 0.25
    gutter_min_bands: int = 8
    gutter_middle: float = 0.4
    #: ... and at least this share of those gaps part prose from prose (this many characters on either side in
    #: their line), and end and start flush: this share of them at one x on either side (justified columns).
    gutter_flush: float = 0.5
    gutter_chars: int = 20


@dataclass(frozen=True, slots=True)
class OutlineParams:
    #: A line this much larger than the body size is a heading candidate whatever its font.
    size_ratio: float = 1.12
    #: ... unless that size holds this share of all characters (a second body size, not a heading size).
    prose_share: float = 0.1
    #: A line is set in a heading face (bold, small caps) when this share of its letters are; from this x the
    #: body size on, italics and a bold number alone count as a heading face too.
    emphasis_share: float = 0.8
    larger_ratio: float = 1.05
    #: A short line in a font of its own is a heading when the space above it is at least this x the
    #: leading under it (a blank line), that leading at most this x the body size, the line at most this
    #: long and the paragraph's first line at least this long.
    spaced_above: float = 1.8
    spaced_pitch: float = 1.5
    spaced_max_chars: int = 60
    spaced_min_next: int = 40
    #: ... and at least this x the heading's length (a heading is shorter than a full line of its paragraph);
    #: in the face of the paper's other such headings, at least this x (a narrow column's full line)
    spaced_next_ratio: float = 1.5
    spaced_long_ratio: float = 1.0
    #: A heading's face is its own when at most this share of the letters of the line under it are set in it
    #: (a word or a symbol of the paragraph in the heading's face).
    own_face_share: float = 0.2
    #: A numbered line in the body's own weight is a heading when it is set apart: at least this x the body
    #: size below the line above it (a blank line) and within this x its size above a paragraph.
    apart_above: float = 1.5
    apart_below: float = 3.0
    #: A large unnumbered line is a heading only when a line of two or more words at least this x the body
    #: size follows it (within ``apart_below`` x its size, in its column); a figure's labels are one word
    #: or set smaller.
    figure_label_size: float = 0.8
    #: An unnumbered bold line of its own is a heading only with at most this many words (a result stated as a
    #: sentence), more than this many only where it does not carry on the sentence of the line above ...
    standalone_max_words: int = 25
    standalone_short_words: int = 15
    #: ... when the paragraph under it starts within this many x font size of its left edge.
    indent: float = 2.5
    #: On page 1 the lines within this share of the largest size are the title's candidates (the one with
    #: the most letters wins): a masthead may set the journal's name a little larger than the title.
    title_size: float = 0.95
    #: Longer lines are prose, not headings (the life sciences' headings that state a result run to about 150
    #: characters: "Experimental observation of anti-correlated variations in disorder and plastochron is
    #: interpreted by the model as a change in inhibitory field geometry"); a large line on page 1 (the title)
    #: may be this long.
    max_chars: int = 160
    title_max_chars: int = 200
    #: A line (up to page-number differences) on this many pages is a running head or foot.
    repeat_pages: int = 3
    #: ... where "the same" means a Levenshtein distance of at most this share of the shorter string.
    repeat_distance: float = 0.2
    #: The same heading on the next page within this x its size of the same height is repeated furniture
    #: (a continued table's head); the previous this many headings are compared.
    repeat_height: float = 0.5
    repeat_lookback: int = 20
    #: From this many heading candidates on, running heads are found through a trigram index, not by
    #: comparing every pair (a 500-page book has a thousand).
    repeat_index_from: int = 150
    #: Items in this outer share of the page (each side) are stamps and banners, never headings.
    margin: float = 0.06
    #: A running head or foot is set in this top or bottom share of the page (only headings there are looked up).
    running_zone: float = 0.2
    #: A draft's margin line numbers: on a page with at least this many lines opening with an integer set
    #: at most this x the body size (bioRxiv's drafts set them in the body's size; a heading's number is set
    #: larger), this share of them increasing down the page, they are no part of the text.
    line_number_min: int = 10
    line_number_size: float = 1.05
    line_number_rising: float = 0.8
    #: Any heading is set at least this x the body size (back matter's at 7 pt over 10 pt text is 0.7).
    min_heading_size: float = 0.6
    #: An unnumbered heading, unless a known section name or a run-in head, is set at least this x the body size.
    min_unnumbered_size: float = 0.85
    #: An outline needs at least this many headings ...
    min_headings: int = 3
    #: ... and no gap between consecutive headings longer than this share of the page count.
    max_gap_share: float = 0.5
    #: ... unless it has this many headings: stray lines are few, while a long section without subheadings
    #: (a discussion running over pages of tables) leaves a gap in a real outline.
    gap_trusted: int = 12
    #: A paper with at least this many numbered headings numbers its sections: its unnumbered run-in
    #: paragraph heads sit below its outline.
    numbered_paper: int = 3
    #: Two lines are set in the same size when their sizes differ by less than this many points.
    same_size: float = 0.1
    #: A line is in a face (a heading face, italics) when this share of its letters are set in it.
    face_share: float = 0.5
    #: A heading's wrapped line, or a paragraph's next line, lies at most this x its size under the last.
    wrap_leading: float = 1.6
    #: The paragraph under a heading is set in the body's size, within this share of it.
    body_size_tolerance: float = 0.05
    #: A heading told by its spacing starts within this x its size of its paragraph's left edge.
    spaced_flush: float = 0.5
    #: ... or its paragraph's first line is indented by at most this x its size (many styles indent every
    #: paragraph's first line, the first under a heading too).
    spaced_indent: float = 2.0
    #: A line under a heading set smaller than this x the body size is a footnote: the heading ends its column.
    footnote_size: float = 0.9
    #: A numbered heading in a font of its own (not capitals) is at least this x the body size.
    apart_min_size: float = 0.95
    #: The paragraph under an unnumbered bold heading is set at most this x the heading's size.
    standalone_next_size: float = 1.15
    #: ... and the paragraph's first line holds this many characters at least: a paragraph's first line runs
    #: across its column, while under a table's bold row label ("Gender") comes a short cell ("Male").
    standalone_min_next: int = 20
    #: ... and this many under a heading hanging out to the left of its paragraph: a table's sub-rows are
    #: indented under their group's bold label ("Weight status" over "Normal BMI 23.0-24.9"), cells too short
    #: to be a paragraph's first line.
    hang_min_next: int = 40
    #: A run-in head alone on its line has its paragraph open under it at most this x the paragraph's own
    #: leading (or ``wrap_leading`` x the size, whichever is more).
    head_gap: float = 1.3
    #: A table's header row over its first row: a gap of this x the size inside the header, and the row
    #: resuming within ``cell_align`` x the size of where the header does, after a gap of ``cell_gap_below``.
    cell_gap: float = 1.0
    cell_align: float = 0.3
    cell_gap_below: float = 0.5
    #: Two pieces of one heading line: baselines within this x the size apart, the second starting from
    #: this x the size inside the first's end (overlap) to this x the size past it (a space).
    rejoin_baseline: float = 0.1
    row_overlap: float = 0.25  # share of the lower line's height two lines side by side share: one row
    row_size: float = 0.25  # ... and their sizes at most this x the line's apart (a header row's cells: 9 and 8 pt)
    rejoin_overlap: float = 0.1
    rejoin_gap: float = 0.3
    #: Small capitals faked by size stand at this share of their capitals' size (Word sets 0.8; a superscript,
    #: 0.5-0.7, is raised as well).
    small_caps: tuple[float, float] = (0.65, 0.9)
    #: A heading is set weaker than another when smaller by at least this many points (else weight decides).
    weaker_size: float = 0.3
    #: The body begins at the first lines set at least this x the most common size (title block past).
    paragraph_min_size: float = 0.95
    abstract_min_size: float = 0.85  # an abstract may be set a size below the body (IEEE: 9 pt over 10)
    #: Print sets a paper's lines about this x their size apart; a manuscript whose lines stand at least
    #: ``leading_stretched`` x apart (double-spaced, or one and a half) is read with its lines drawn together to
    #: print's leading (measured over at least ``min_lines_for_leading`` pairs of lines, up to ``leading_sample``).
    leading_print: float = 1.2
    leading_stretched: float = 1.45
    min_lines_for_leading: int = 20
    leading_sample: int = 600


@dataclass(frozen=True, slots=True)
class TextLayerParams:
    #: Below this many characters or words in the whole document, it has no usable text layer.
    min_chars: int = 300
    min_words: int = 200


@dataclass(frozen=True, slots=True)
class ReferencesParams:
    #: A list dates its entries in one place (at their end, or as a sentence after the authors) when at
    #: least this share of its entries print a year there (and at least ``dated_alike_min`` do).
    dated_alike_share: float = 0.6
    dated_alike_min: int = 5
    #: Fallback scan when no References heading exists: how many of the last pages to look at.
    fallback_min_pages: int = 2
    fallback_max_pages: int = 20
    #: ... as a share of the pages: a list without a heading ends the main text, which supplementary
    #: material (derivations, extra figures) may follow for as long again (a letter's four pages, then five).
    fallback_share: float = 0.67
    #: A splitting strategy wins when it yields at least this many entries.
    min_entries: int = 3
    #: Fallback: a run of numbered entries must hold this many characters ...
    fallback_min_chars: int = 200
    #: ... and no more than this share of its blocks may fail to look like references; at most this many
    #: entries numbered 1 are tried as its start, bottom-most first.
    fallback_max_junk: float = 0.34
    fallback_tries: int = 5
    #: Failing both fallbacks over the last pages, a numbered list is looked for over the whole of a paper of at
    #: most this many pages, of this many entries numbered 1 (the appendices' own numbered lists come after it).
    fallback_wide_pages: int = 60
    fallback_wide_tries: int = 10
    #: Fallback without numbers: an unnumbered list of at least this many entries, of which at most this
    #: share may fail to open with an author's name and hold a year; candidate starts tried bottom-up, at
    #: most this many, until this many in a row fail (the lines of a long author list set forenames first
    #: open like entries, and a list starting at one of them fails).
    fallback_unnumbered_min_entries: int = 5
    fallback_unnumbered_junk: float = 0.1
    fallback_unnumbered_tries: int = 300
    fallback_unnumbered_misses: int = 40
    #: The list's font size is the modal size over this many lines after the heading.
    size_sample_lines: int = 10
    #: A numbered list's first label, or its entry 1, is among this many of its first rows.
    numbered_opening_rows: int = 3
    #: Rows in another size than the list's still read as its entries (its last page set smaller) when this
    #: share of them hold a year.
    odd_dated_share: float = 0.1
    #: A line this much larger than the list's size ends the list (body text or a heading resumed) ...
    resume_size_ratio: float = 1.12
    #: ... and a line whose size differs by more than this share is in another size than the list's: at a
    #: column's top or bottom it is furniture (a footnote, a running head), not part of an entry.
    furniture_size_ratio: float = 0.05
    #: A line at a page's top or bottom (this many lines from the edge) that recurs on this many pages
    #: (digits ignored) within this many pages of it is a running head or foot (journals alternate heads
    #: on odd and even pages).
    edge_lines: int = 3
    repeat_pages: int = 3
    repeat_window: int = 4
    #: ... unless it is figures only, in the size of the line next to it (within this many points) and at most
    #: this many times its size from it: an entry's closing line ("2017;138:49–56."), one line under the last.
    furniture_same_size: float = 0.5
    furniture_line_spacing: float = 1.5
    #: The list's heading is the last heading line, or, where no dated list follows it, one of this many
    #: before it; a dated list's entries: at least this share of them hold a year.
    heading_tries: int = 3
    dated_share: float = 0.5
    #: A line longer than this is no References heading itself; an upper-case heading item in it may be
    #: (ACS's "■ REFERENCES" merged into the first entry's line).
    heading_line_chars: int = 60
    #: A heading line with a page number beside it, baselines within this x its size, is a table of contents'
    #: entry ("References ... 16"): the list is where that page is, not under it.
    contents_baseline: float = 0.3
    #: ... with another page number within this many lines of it.
    contents_reach: int = 4
    #: Three lines of this many characters or more in a row, set larger than the list, are text after it.
    big_lines: int = 3
    big_min_chars: int = 30
    #: One line this much larger than the list, holding words, is a heading over other matter ("Open Peer
    #: Review" at 18 pt after a 9 pt list, a supplement's 14 pt title after a 9-10 pt list): foreign text, never
    #: part of an entry.
    alien_size_ratio: float = 1.4
    #: The list's line pitch is the median step between rows in its size more than this x font size apart
    #: (a script's fraction of a line is no step); with no such step, this x font size.
    pitch_min: float = 0.6
    pitch_default: float = 1.2
    #: Two rows whose baselines differ by at most this x font size stand on one baseline (a small-caps
    #: heading's initial and its rest; a row set beside the previous one).
    same_baseline: float = 0.3
    #: A label set far left of its text, on a line of its own, is at most this many characters and joins
    #: the text whose baseline is within this x font size of its own.
    label_max_chars: int = 10
    label_baseline: float = 0.5
    #: An entry is shorter than this many characters (a block of prose is not).
    entry_max_chars: int = 1500
    #: A line number margin (bioRxiv, drafts for review) is read over this many lines after the heading:
    #: among the first ``line_number_probe`` at least ``line_number_min`` start with a number; this share
    #: of all of them start with one at the page's margin x, this share of the numbers rise by one from
    #: line to line, and they reach this number ...
    line_number_scan: int = 200
    line_number_probe: int = 20
    line_number_min: int = 10
    line_number_share: float = 0.6
    line_number_rising: float = 0.8
    line_number_reach: int = 100
    #: ... and a line's first item is in the margin from this many x its size left of its x (right-aligned
    #: numbers start a digit further left as they grow: "967" at 35.6 pt, "1000" at 29.5 pt, 11 pt digits) to
    #: this many x its size right of it.
    line_number_left: float = 0.8
    line_number_right: float = 0.2
    #: A numbered label must start within this many x font size of the column's label edge ...
    label_slack: float = 0.8
    #: ... and a hanging indent is a continuation line starting at least this far right of it.
    indent_min: float = 0.6
    #: The first entry of a numbered list opens one of its first rows (up to this row index).
    chain_first_rows: int = 3
    #: A hanging-indent list holds at least this share of its rows in columns that show the indent, and
    #: at least this share of continuation lines; below ``hanging_continuations`` of them (most entries on one
    #: line), the lines before its entries' first lines end as entries end, ``hanging_ends`` of them at least.
    hanging_share: float = 0.5
    hanging_min_continuations: float = 0.02
    hanging_continuations: float = 0.1
    hanging_ends: float = 0.8
    #: A line ended its paragraph where the next line's first word would have fit after it with this many em to
    #: spare (:func:`citelens.references.split._fits`).
    ended_slack: float = 2.0
    #: A short unnumbered line alone, without digits, below this many characters is a group heading.
    subheading_max_chars: int = 30
    #: Foreign text inside a numbered list (a caption, a column of body text) is skipped when the next
    #: entry follows within this many lines, and before foreign text reaches the second page after the one it
    #: began on (a float or a box of other matter takes the rest of a page and the next at most); otherwise the
    #: list ends where it began.
    interruption_max_lines: int = 300
    interruption_max_pages: int = 1
    #: An author-year list goes on at a page or column turn with a row that opens with a name, or with the
    #: last entry's end and then such a row; where its rows open so (this share of them at least: an entry is
    #: a few lines long), a turn to other text ends it as a numbered list's does.
    named_rows_share: float = 0.15
    #: A gap of this many line pitches inside a column ends the list the same way (foreign matter).
    gap_pitches: float = 4.0
    #: Flush-left entries set apart by space: the step between entries is at least this many times the
    #: step between the lines of one entry (Cell Press: 11.6 pt against 9.5 pt).
    entry_gap_ratio: float = 1.1
    #: ... measured on steps of at least this x the list's font size (type's leading is at least its size: a
    #: shorter step joins a raised or merged piece of a line); the wide steps are between this and this share of
    #: all (where most entries take one line, most steps are wide: a list of one-line entries set apart shows a
    #: few narrow steps only), and the threshold between the two kinds is at most this x the lower quartile step
    #: (wider ones are gaps between blocks).
    spaced_min_step: float = 0.75
    spaced_wide_min: float = 0.1
    spaced_wide_max: float = 0.97
    spaced_max_gap: float = 2.5
    #: A heading that ends the list is at most this many characters long, and set apart from the entries:
    #: this much larger, in capitals, or this many x font size below the line before it.
    heading_max_chars: int = 80
    heading_size_ratio: float = 1.08
    heading_gap: float = 1.8
    #: ... and at least this many characters long; set in capitals, it holds at least this many letters.
    heading_min_chars: int = 3
    heading_min_capitals: int = 4
    #: A numbered list resumes after foreign text with its next entry in its own size, within this share.
    resume_size_share: float = 0.1
    #: Text the list passed over (a column of body prose beside its first entries: F1000, PNAS) is
    #: reported for the citation search when it holds this many lines of this many characters or more
    #: (JMIR's five-line running foot stays out).
    skipped_min_lines: int = 5
    skipped_min_chars: int = 20
    #: A book's or a thesis's chapters each close with a list of their own: a chapter's prose of this many lines
    #: at least stands between two lists (references.__init__._lists_by_chapter).
    chapter_min_lines: int = 20
    #: ... and no book has more lists than this (a file of thousands of "References" lines is hostile).
    chapter_max_lists: int = 200
    #: Columns the shared layout misread: a gutter is an uncovered strip at least this wide (points),
    #: between columns of text at least this wide (narrower ones are label or line-number margins).
    gutter_min: float = 6.0
    column_min: float = 60.0
    #: ... measured on pages of at least this many lines, in strips of this many points, where one item in
    #: this many lines may cross a gutter.
    gutter_min_lines: int = 12
    gutter_step: float = 2.0
    gutter_crossing_lines: int = 40
    #: The shared layout misread a page's columns when this many baselines hold three lines, or this many
    #: lines are narrow ones taken for spanning (under this share of the page's text width) or hold a gap
    #: of this x font size between two items (two columns' text run together).
    confused_min_lines: int = 3
    spanning_max_share: float = 0.45
    column_gap: float = 1.5
    #: Year range accepted in an entry.
    min_year: int = 1800
    max_year: int = 2049
    #: An entry's title holds at most this share of digits among its characters (not volume and pages),
    #: and, where no sentence end closes it, is cut at this many characters.
    title_max_digits: float = 0.25
    title_max_chars: int = 300
    #: A quoted title opens within this many characters after the names and year and is at most this long.
    quote_reach: int = 150
    quoted_title_max_chars: int = 600
    #: The author list is read in the entry's first this many characters.
    authors_max_chars: int = 2000
    #: A year in parentheses is the entry's when it comes at most this many characters after the first
    #: plausible year; one after a name within this many characters before it, in parentheses, is a
    #: species' authority or a publisher's ("(Richardson, 1836)"), taken only when the entry has no other.
    paren_year_reach: int = 120
    named_year_chars: int = 40


@dataclass(frozen=True, slots=True)
class CitationParams:
    #: An alias a citation gives its entry ("hereafter B19") is read this many characters past its end at most.
    alias_reach: int = 40
    #: A surname matches an author's name with nearly the same letters at this rapidfuzz ratio (0-100) or
    #: more ("Muller" for "Müller" set as "M¨uller"), once it has at least ``name_min_letters`` letters.
    name_ratio: float = 88.0
    name_min_letters: int = 4
    #: A style must be counted more than max(min_votes, tokens x vote_share) times to be chosen.
    min_votes: int = 2
    vote_share: float = 0.2
    #: Bracketed markers count this many times in the tally.
    bracket_weight: int = 3
    #: The winning style's markers must name this share of the entries ...
    min_ref_share: float = 0.2
    #: ... and appear on this share of the pages before the bibliography.
    min_page_share: float = 0.2
    #: A parenthetical author-year marker ends at its last year when more than this many characters of
    #: prose follow it inside the parentheses (", p. 4" and ", pp. 12–15" stay in).
    ay_tail_chars: int = 12
    #: How far before an author-year match its leading authors are looked for ("MacLeod, Rutherford, ...").
    ay_lead_chars: int = 160
    #: A citation broken at a column's end goes on within this many lines (past running feet and heads,
    #: footnotes, a figure's words), in a line whose size is within ``broken_same_size`` points of its own.
    broken_lines: int = 120
    broken_same_size: float = 0.3
    #: A superscript is set smaller than this share of its line's size (:data:`SCRIPT_SIZE`) ...
    script_size: float = SCRIPT_SIZE
    #: ... and raised above the baseline by more than this share of it.
    script_rise: float = 0.2
    #: Script text (an exponent or an index) sits more than this share of its line's size off the baseline.
    script_offset: float = 0.05
    #: Two items touch (one word: "pt" and its exponent) when less than this share of the line's size apart.
    script_gap: float = 0.15
    #: A line of raised numbers is an author line (affiliation marks) when at least this share of them
    #: follow a name and precede a separator.
    author_line_share: float = 0.5
    #: ... unless it holds this many words in lower case besides "and" and surnames' particles: prose.
    author_line_prose: int = 3
    #: A "(3)" at a line's end, more than this x font size right of the text before it, is an equation number.
    equation_gap: float = 3.0
    #: A citation range ("[3–7]", "3-7") spans at most this many entries past its first.
    range_max: int = 100
    #: What stands before a "(3)" ("Eq.", a function's name) is read over this many characters ...
    paren_before_chars: int = 12
    #: ... and a numbered part's name ("Specification (2)", :data:`citelens.patterns.PART_LABEL_BEFORE`) over this many.
    part_label_chars: int = 16
    #: An enumeration run into a sentence ("(1) mixing, (2) heating and (3) cooling") counts this many items
    #: at least, each at most ``enumeration_gap`` characters after the one before (an item may be a clause of
    #: two lines or three): two "(1)" and "(2)" may be citations.
    enumeration_min: int = 3
    enumeration_gap: int = 300
    #: ... and before a raised number (an exponent's base: "ns−1", "cm2") over this many.
    script_before_chars: int = 24
    #: A note's label at a line's start is a raised number of at most this many digits.
    note_max_digits: int = 3
    #: A list of this many entries or more, none numbered, this share of them in the order of their first
    #: authors' names, is cited by no number: the numbers over the text are notes' (Chicago's notes and
    #: bibliography).
    alphabetical_min_entries: int = 5
    alphabetical_share: float = 0.9


@dataclass(frozen=True, slots=True)
class FigureParams:
    #: An equation number ends within this share of the page's text width from its column's right edge ...
    equation_edge: float = 0.15
    #: ... and stands apart from the equation by a gap of at least this x font size (or on a line of its own).
    equation_gap: float = 0.5
    #: A caption line's previous line, in the same column and size, at most this x font size above and not
    #: ending a sentence, makes it running text that happens to start with "Figure 3." instead.
    caption_leading: float = 1.6
    #: Two lines whose sizes differ by less than this many points are set in one size ...
    same_size: float = 0.5
    #: ... and a caption candidate set more than this many points under the body size reads as a float's
    #: caption (captions are set smaller than the text), preferred over one in the body size.
    caption_smaller: float = 0.3
    #: Lines whose baselines differ by less than this x font size stand side by side (a table's heads).
    same_baseline: float = 0.5
    #: The digits after "Equation 3." are a citation when set smaller than this share of the label's size
    #: (:data:`SCRIPT_SIZE`) or raised by more than this x it: "Equation 3.⁷⁹".
    script_size: float = SCRIPT_SIZE
    script_rise: float = 0.25
    #: The words before a mention ("Supplementary ", "in Eq.") are looked for this many characters back.
    lookbehind_chars: int = 24
    #: A section the outline gives without a number is found on its page by its title's first words (up to
    #: this many characters), printed after a number of at most this many characters; a section missing
    #: from the outline by a heading line of at most this many characters.
    title_probe_chars: int = 24
    number_max_chars: int = 14
    heading_max_chars: int = 100
    #: Bare "(3)" is an equation mention only while at most this share of bare "(n)" in equation context
    #: name no equation number (in papers citing as "(12)" most do not).
    bare_equation_miss: float = 0.5
    #: ... and anywhere, out of equation context, only while at most this share of all bare "(n)" name none.
    bare_equation_free_miss: float = 0.1
    #: Bare "(1)", "(2)", ... each within this many characters of the one before count items, not equations.
    enumeration_window: int = 400
    #: A range "Figures 2–4" names each label in between, up to this many.
    max_range: int = 20
    #: A float's area (figures.float_sides, float_areas): a line of running text is within this share of the body size,
    #: at least this share of its column's width, starts at most this x its size from the column's left
    #: edge (a paragraph's indent), its items at most this x its size apart ...
    prose_size: float = 0.12
    prose_width: float = 0.6
    prose_indent: float = 2.0
    prose_gap: float = 1.0
    #: ... a line belongs beside the float when this share of its width is within the float's width; a
    #: caption narrower than this share of the text width keeps to its column ...
    overlap: float = 0.5
    span_share: float = 0.55
    #: ... a table ends at a gap of this x the body size between rows; an area lower than this x the
    #: body size is no float (a legends page).
    table_gap: float = 3.0
    object_min_height: float = 4.0
    #: A float is on the other side of its caption than its kind's when the area there is this x as high.
    other_side: float = 2.0


@dataclass(frozen=True, slots=True)
class SentenceParams:
    #: Characters looked at before a candidate sentence end to find the token it closes ("et al.", "Fig.").
    token_window: int = 40
    #: A marker after a sentence's full stop moves that end at most this many characters.
    marker_reach: int = 64
    #: A line this many characters longer than ``heading_chars`` is prose, judged without normalising it.
    heading_slack: int = 8
    #: Characters of text gathered on each side of a marker before looking for its sentence's ends; doubled
    #: while the sentence reaches the edge, up to ``max_window``.
    window: int = 240
    max_window: int = 600
    #: A line this much larger than the marker's line (a heading) ends the sentence ...
    larger: float = 1.15
    #: ... one this much smaller (a float's caption, a table, a footnote) is stepped over ...
    smaller: float = 0.95
    #: ... up to this many lines in a row (a figure or table in the middle of a column).
    max_skipped: int = 250
    #: A page's first or last line further than this x font size from the next line of its page, and than
    #: ``furniture_leading`` x the leading of the lines beyond, is a running head or foot, stepped over.
    furniture_gap: float = 2.2
    furniture_leading: float = 1.3
    #: Lines within this x font size of a line's baseline are its pieces (a running head and its page number
    #: on one baseline): a page's first line is the first of a baseline.
    furniture_same_baseline: float = 0.5
    #: Lines up to this many characters starting with a section number and not ending in punctuation
    #: are headings: the sentence stops there.
    heading_chars: int = 80
    #: A short capitalised line without a full stop, after a finished sentence and narrower than this share
    #: of the next line, is an unnumbered heading ...
    heading_width: float = 0.6
    #: ... or narrower than this share when the space above it is more than this x the space below it.
    heading_width_spaced: float = 0.9
    heading_above: float = 1.5
    #: A numbered heading's wrapped second line sits at most this x font size under its first.
    heading_wrap: float = 1.5


@dataclass(frozen=True, slots=True)
class LinksParams:
    #: Two boxes overlap when they share this share of the narrower one's width ...
    overlap_x: float = 0.25
    #: ... and this share of the lower one's height.
    overlap_y: float = 0.3
    #: A link's printed author and year (:func:`citelens.links.contradicted_links`). Points left of a link that
    #: shows only a year, searched for the author names printed before it.
    name_context: float = 150.0
    #: ... ending this far left of the link, so that none of the link's own first letter is read.
    name_gap: float = 0.5
    #: A link whose rectangle holds more characters than this covers more than one citation: not judged.
    name_chars: int = 60
    #: Points either side of a link looked at to tell whether a word runs on past the rectangle.
    name_edge: float = 6.0
    #: A PDF whose links are off by an entry: at least this many of its judged links contradicted ...
    shifted_min: int = 3
    #: ... and at least this share of them: none of its links names an entry (the text's do).
    shifted_share: float = 0.1
    #: Entries whose first baseline lies at most this x font size above a destination point ...
    above: float = 0.6
    #: ... or at most this x font size below it are its candidates (hyperref: about one line below).
    below: float = 3.0
    #: A candidate at the paper's usual offset, within this x font size, is the entry.
    tolerance: float = 0.5
    #: A destination agrees with the paper's usual offset within this x font size ...
    agree: float = 0.3
    #: ... and points are trusted over anchor numbers when this share of destinations agree.
    geometry_share: float = 0.8
    #: A destination point this far left of an entry's first line (points) is still in its column.
    column_left: float = 30.0
    #: ... and this far right of it.
    column_right: float = 60.0
    #: The anchors' own numbers are trusted when they name an entry for this share of destinations.
    number_coverage: float = 0.6
    #: A destination x at or left of this (points) is the page's edge: the producer named no column.
    edge_x: float = 1.0
    #: Matching destinations to entries in order (a drifting offset): offsets from this x font size
    #: above a destination ...
    drift_above: float = 1.0
    #: ... to this x font size below it (about one entry: Cell Press drifts that far down a column);
    drift_below: float = 6.0
    #: the cost of leaving a destination unmatched, in font sizes of offset change;
    drift_skip: float = 1.0
    #: the offset a column's first destination is expected at when the paper shows none (hyperref's).
    usual_offset: float = 1.0
    #: A range linked only at its ends ("[3–7]") names at most this many entries past its first.
    range_max: int = 60
    #: The matching stands when it agrees with the anchors' numbers on this share of them ...
    drift_agree: float = 0.5
    #: ... and its offsets lie on a straight line down each column within this x font size (mean), over the
    #: columns with at least this many matched destinations.
    drift_residual: float = 0.15
    residual_min_points: int = 3
    #: Anchor numbers read as list positions drifting from ours: a destination's point names its entry
    #: within as many entries as our count differs from the highest number, at most this many; the others
    #: take the median offset of this many nearest such destinations.
    drift_bound_max: int = 10
    drift_neighbours: int = 4
    #: The offset bins (tenths of a font size) within this many bins of the busiest one give the offset.
    calibrate_near: float = 1.5
    #: Labels win over list positions unless positions name more destinations, by more than this share of them.
    label_tie: float = 0.05
    #: Destinations without a name follow the geometry only when the entries they land on are distinct for
    #: at least this share of them.
    opaque_distinct: float = 0.5
    #: Two boxes are on one line when they share this share of the smaller one's height ...
    same_line: float = 0.5
    #: ... and touch when at most this many points apart (a range's second link may start this far inside
    #: the first; a box's middle within this many points of a line is on it).
    box_slack: float = 1.0
    #: A link's rectangle narrower or lower than this many points covers no glyph (the smallest superscript digit
    #: is wider and taller): its target goes to the marker beside it (:func:`citelens.links.merge_citations`).
    min_extent: float = 1.0


@dataclass(frozen=True, slots=True)
class EvaluationParams:
    #: A paper with fewer link markers than this share of its predicted citations, whose links point at fewer
    #: than this share of its list's entries, is flagged as partially linked, its precisions pooled apart (Nature
    #: 2011 links 30 of its ~50 markers, 30 of its 49 entries).
    partial_coverage: float = 0.7
    #: ... once it has at least this many predicted markers.
    partial_min_markers: int = 10
    #: Two heading titles match at this rapidfuzz ratio (0-100) or more, numbering and case ignored.
    title_ratio: float = 85.0


# Resolution (citelens.resolve): numbers from ../shared/notes/external-apis.md (limits as of late 2026).


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
    #: Retries of one request after a 429 or a 503 (the first try not counted).
    retries: int = 3
    #: Retries after a request got no HTTP response at all (offline, DNS, refused, a browser's opaque
    #: failure): a host that cannot be reached rarely can be a second later, and a reader is waiting.
    network_retries: int = 1
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

    def limits(self, host: str, settings: Any = None) -> HostLimits:
        """The host's limits; Crossref's polite pool when ``settings`` (resolve.settings.Settings) has a mailto."""
        if settings is not None and settings.mailto and host == "api.crossref.org":
            return HostLimits(0.1, 3)
        return self.hosts.get(host, self.default_host)


@dataclass(frozen=True, slots=True)
class Params:
    fonts: FontParams = field(default_factory=FontParams)
    layout: LayoutParams = field(default_factory=LayoutParams)
    outline: OutlineParams = field(default_factory=OutlineParams)
    text_layer: TextLayerParams = field(default_factory=TextLayerParams)
    references: ReferencesParams = field(default_factory=ReferencesParams)
    citations: CitationParams = field(default_factory=CitationParams)
    figures: FigureParams = field(default_factory=FigureParams)
    sentences: SentenceParams = field(default_factory=SentenceParams)
    links: LinksParams = field(default_factory=LinksParams)
    evaluation: EvaluationParams = field(default_factory=EvaluationParams)
    resolve: ResolveParams = field(default_factory=ResolveParams)


PARAMS = Params()
