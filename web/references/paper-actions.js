// What the popover's buttons do, between the reference states, the library (web/library/library.js), the
// citation formatter (web/library/cite.js) and the open document. DOM-free apart from opening a tab.
//
//   Read later / Add to list   library.add(record fields, {status: "to_read", listId}), then the entry is
//                              marked in library at once (the popover flips without a refetch); with no
//                              record (being looked up, offline, no match) the parsed entry's fields,
//                              marked record_source "entry", which enrich() replaces by the record's
//                              when a look-up later finds one
//   Add manually               library.add(form fields, {status})
//   Link papers                the open paper joins the library as "reading" when missing (its own metadata),
//                              then library.link(current → target, "cites")
//   Cite                       formatCitation(paper, record or parsed entry, style)

/**
 * @typedef {import("./reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {import("./popover.js").PopoverActions} PopoverActions
 * @typedef {{title: string, authors?: any[], year?: number | null, doi?: string | null, arxiv?: string | null,
 *            url?: string | null, pdf_url?: string | null}} CurrentPaper  the open paper (title: never empty)
 */

/** Record fields a library paper keeps (web/library/library.js: Paper, FIELDS). */
const PAPER_FIELDS = ["title", "authors", "year", "venue", "doi", "arxiv", "url", "pdf_url", "type", "cited_by", "source_url"];

/**
 * The library fields of a resolved record. The record's `source` (which API) becomes `record_source`: a
 * paper's `source` is what an import held, for a lossless export.
 * @param {any} record
 */
function paperFields(record) {
  /** @type {Record<string, any>} */
  const fields = {};
  for (const key of PAPER_FIELDS) if (record?.[key] !== undefined && record[key] !== null) fields[key] = record[key];
  if (typeof record?.source === "string") fields.record_source = record.source;
  return fields;
}

/** record_source of a paper saved from a parsed reference entry alone: enrich() may replace its fields. */
export const FROM_ENTRY = "entry";

/**
 * A parsed reference entry as library fields: its surnames as family names, the raw text as the title
 * when no title was parsed.
 * @param {import("../analysis/schema.js").Reference} ref
 */
export function entryFields(ref) {
  /** @type {Record<string, any>} */
  const fields = {
    title: ref.title || ref.raw,
    authors: (ref.authors ?? []).map((family) => ({ given: null, family })),
    year: Number.isInteger(ref.year) ? ref.year : null,
    record_source: FROM_ENTRY,
  };
  if (ref.doi) fields.doi = ref.doi;
  if (ref.arxiv_id) fields.arxiv = ref.arxiv_id;
  if (ref.et_al) fields.more_authors = true;
  return fields;
}

/**
 * A look-up found the record of entry `index`: a library paper saved from the parsed entry alone takes
 * the record's fields (a paper the user typed in or imported is left as it is).
 * @param {{library: any, states: ReferenceStates, entryRef: (entry: any) => any}} parts
 * @param {number} index
 * @param {any} record
 * @returns {Promise<boolean>} whether a paper was enriched
 */
export async function enrich({ library, states, entryRef }, index, record) {
  const ref = states.reference(index);
  if (!library || !ref || !record) return false;
  const paper = await library.find(entryRef(ref));
  if (!paper || paper.record_source !== FROM_ENTRY) return false;
  await library.update(paper.id, { ...paperFields(record), more_authors: false });
  return true;
}

/**
 * @param {{states: ReferenceStates, library: () => any, currentPaper: () => Promise<CurrentPaper | null>,
 *          formatCitation: () => Promise<((item: any, style: string) => string) | null>,
 *          openPdf: (url: string) => void}} options
 * @returns {PopoverActions}
 */
export function paperActions({ states, library, currentPaper, formatCitation, openPdf }) {
  const need = () => {
    const lib = library();
    if (!lib) throw new Error("the library is not available in this browser");
    return lib;
  };
  /** @param {number} index */
  const itemOf = (index) => {
    const info = states.info(index);
    const ref = states.reference(index);
    return info.paper ?? (info.result?.status === "resolved" ? info.result.record : null)
      ?? (ref ? entryFields(ref) : null);
  };
  /** @param {number} index */
  const targetPaper = async (index) => {
    const info = states.info(index);
    if (info.paper?.id) return info.paper;
    throw new Error("this reference is not in the library");
  };
  /** The open paper as a library paper, added as "reading" when missing. */
  const current = async () => {
    const meta = await currentPaper();
    if (!meta?.title) throw new Error("the open paper has no title to file it under");
    const lib = need();
    const found = await lib.find({ doi: meta.doi ?? null, arxiv: meta.arxiv ?? null, title: meta.title, year: meta.year ?? null });
    if (found) return found;
    const { paper } = await lib.add(paperFields(meta), { status: "reading" });
    return paper;
  };

  return {
    hasLibrary: () => library() !== null,
    async readLater(index, listId = null) {
      const info = states.info(index);
      const record = info.result?.status === "resolved" ? info.result.record : null;
      const ref = states.reference(index);
      if (!record && !ref) throw new Error("this reference is not in the parsed list");
      const fields = record ? paperFields(record) : entryFields(/** @type {any} */ (ref));
      const { paper } = await need().add(fields, { status: "to_read", listId });
      states.markInLibrary(index, paper);
    },
    lists: async () => need().lists(),
    createList: async (name) => {
      const list = await need().createList(name, null);
      return typeof list === "string" ? { id: list } : list;
    },
    async cite(index, style) {
      const item = itemOf(index);
      if (!item) throw new Error("nothing to cite yet");
      const format = await formatCitation();
      if (!format) throw new Error("the citation formatter could not be loaded");
      return format(item, style);
    },
    async hasLink(index) {
      const lib = library();
      const target = states.info(index).paper;
      const meta = await currentPaper();
      if (!lib || !target?.id || !meta?.title) return false;
      const from = await lib.find({ doi: meta.doi ?? null, arxiv: meta.arxiv ?? null, title: meta.title, year: meta.year ?? null });
      return from ? Boolean(await lib.hasLink(from.id, target.id, "cites")) : false;
    },
    async linkPapers(index) {
      const target = await targetPaper(index);
      const from = await current();
      if (from.id === target.id) throw new Error("a paper cannot cite itself");
      await need().link(from.id, target.id, "cites");
    },
    openPdf,
    async saveManual(index, fields, status) {
      const { paper } = await need().add(paperFields(fields), { status });
      states.markInLibrary(index, paper);
    },
  };
}
