// What the popover's buttons do, between the reference states, the library (web/library/library.js), the
// citation formatter (web/library/cite.js) and the open document. DOM-free apart from opening a tab.
//
//   Read later / Add to list   library.add(record fields, {status: "to_read", listId}), then the entry is
//                              marked in library at once (the popover flips without a refetch)
//   Add manually               library.add(form fields, {status})
//   Link papers                the open paper joins the library as "reading" when missing (its own metadata),
//                              then library.link(current → target, "cites")
//   Cite                       formatCitation(paper or record, style)

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
    return info.paper ?? (info.result?.status === "resolved" ? info.result.record : null);
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
      if (!record) throw new Error("nothing was found for this reference to add");
      const { paper } = await need().add(paperFields(record), { status: "to_read", listId });
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
