// The analysis JSON as the page reads it: the one set of typedefs for citelens.model.Analysis.to_json()
// (README.md, "The analysis JSON"), with the `own_doi` the worker adds. Types only: this module exports
// nothing at run time. Coordinates are PDF points from the top-left of the displayed page, y down;
// boxes are [x0, y0, x1, y1].

/**
 * @typedef {[number, number, number, number]} Box
 *
 * @typedef {object} Source
 * @property {string | null} file
 * @property {string | null} sha256     of the PDF's bytes
 * @property {string | null} text_hash  first 16 bytes (hex) of SHA-256 over the page texts
 *
 * @typedef {object} PageSize
 * @property {number} number  1-based
 * @property {number} width
 * @property {number} height
 *
 * @typedef {object} OutlineItem
 * @property {string} title
 * @property {number} level  1 = top
 * @property {number} page
 * @property {number} y
 *
 * @typedef {object} Reference  one entry of the reference list
 * @property {number} index     1-based position in the list
 * @property {string | null} label   the printed label ("[3]", "Smith et al. 2019"), if any
 * @property {string} raw       the entry's text
 * @property {number | null} page    null for entries from Crossref's record of the paper
 * @property {Box | null} box        null likewise
 * @property {string[]} authors surnames with their particles ("van der Berg")
 * @property {number | null} year
 * @property {string | null} year_suffix  "a" in "2019a"
 * @property {string | null} title
 * @property {string | null} doi
 * @property {string | null} arxiv_id
 * @property {string | null} url
 * @property {boolean} [et_al]  the printed author list ends with "et al."
 * @property {string[]} keys    its match keys (doi:…, arxiv:…, title:…|year) as py/citelens/ids.py made them
 *
 * @typedef {object} ReferenceListPart  one of a book's or a thesis's lists, each closing a chapter
 * @property {number} first  the first entry's Reference.index (indexes run on from list to list)
 * @property {number} last
 * @property {string | null} title  the heading of the chapter that cites the list, if the outline names one
 * @property {number} page   where the list opens
 *
 * @typedef {object} Sentence  the sentence a marker belongs to; text.slice(start, end) is the marker
 * @property {string} text
 * @property {number} start
 * @property {number} end
 *
 * @typedef {object} Citation  one citation marker
 * @property {number} page
 * @property {string} text
 * @property {number[]} ref_indexes  the entries it cites (Reference.index)
 * @property {Box[]} boxes           one per line it spans
 * @property {Sentence | null} sentence
 * @property {"text" | "pdf-link"} source  found in the text, or given by the PDF's own link
 *
 * @typedef {"figure" | "table" | "equation" | "section" | "algorithm" | "appendix"} MentionKind
 *
 * @typedef {object} FigureMention  "Figure 3", "Table 2", "Eq. (4)", "Section 5" in the text
 * @property {number} page
 * @property {string} text
 * @property {MentionKind} kind
 * @property {string} label
 * @property {Box[]} boxes
 * @property {{page: number, y: number, area: Box | null} | null} target  where the figure, table, equation or
 *   section is: the caption's, equation number's or heading's top; area: a figure's, table's or algorithm's own
 *   area on that page (its drawing or body, without the caption), null elsewhere and on a legends-only page
 *
 * @typedef {object} Diagnostic
 * @property {string} code  no_text_layer, empty_page, no_outline, page_failed, bad_destination, no_references,
 *   references_unsplit, no_citations
 * @property {string} message
 * @property {number | null} page
 *
 * @typedef {object} Analysis
 * @property {number} schema_version
 * @property {Source} source
 * @property {PageSize[]} pages
 * @property {number | null} body_font_size
 * @property {"bookmarks" | "detected" | "none"} outline_source
 * @property {OutlineItem[]} outline
 * @property {"numeric" | "superscript" | "author-year" | "alphabetic" | "unknown"} citation_style
 * @property {Reference[]} references
 * @property {ReferenceListPart[]} [reference_lists]  a book's lists, one per chapter; empty (or absent, in
 *   analyses cached before it) for a paper's one list
 * @property {Citation[]} citations       in reading order
 * @property {FigureMention[]} figure_mentions  in reading order
 * @property {Diagnostic[]} diagnostics
 * @property {string | null} [own_doi]     the paper's own DOI, from its metadata or page 1
 */

export {};
