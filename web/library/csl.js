// CSL-JSON files, both ways, and CSL items ↔ library papers. DOM-free and pure.
//
// parseCsl(text) → {items, errors}. Takes what Zotero, Better BibTeX and Mendeley export (an array of
//   items), a single item, or {items: […]}. Text that is not JSON is one error with its line; an element
//   that is not an object is an error of its own and the others are still read. Items are kept exactly as
//   they came (unknown fields too): the library stores them under paper.source and export writes them back.
// serialiseCsl(items) → JSON text that parses back to the same items.
// itemToPaper / paperToItem: the library's view of an item and an item made from a paper's fields.
//
// CSL-JSON schema: https://github.com/citation-style-language/schema (csl-data.json). Titles may carry
// CSL's rich-text tags (<i>, <b>, <sup>, <sub>, <span style="font-variant:small-caps;">); they are
// removed for display and matching, kept in the source.

import { citationKey, canon } from "./bibtex.js";
import { arxivId, normalizeDoi } from "./ids.js";

/**
 * @typedef {Record<string, any>} CslItem
 * @typedef {{line: number | null, entry: string, message: string, skipped: boolean}} CslError
 */

/**
 * @param {string} text
 * @returns {{items: CslItem[], errors: CslError[]}}
 */
export function parseCsl(text) {
  const src = String(text ?? "").replace(/^\uFEFF/, "");
  let data;
  try {
    data = JSON.parse(src);
  } catch (error) {
    return { items: [], errors: [{ line: jsonErrorLine(src, error), entry: "", message: `not valid JSON: ${error.message}`, skipped: true }] };
  }
  let list;
  if (Array.isArray(data)) list = data;
  else if (data && typeof data === "object" && Array.isArray(data.items)) list = data.items;
  else if (data && typeof data === "object") list = [data];
  else {
    return { items: [], errors: [{ line: 1, entry: "", message: "CSL-JSON must be an array of items (or one item object)", skipped: true }] };
  }
  const items = [];
  const errors = [];
  list.forEach((item, i) => {
    const label = item && typeof item === "object" && item.id !== undefined ? String(item.id) : `item ${i + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      errors.push({ line: null, entry: label, message: `item ${i + 1} is not an object`, skipped: true });
      return;
    }
    if (!item.title && !item.author && !item.DOI && !item.URL) {
      errors.push({ line: null, entry: label, message: `item ${i + 1} has no title, author, DOI or URL`, skipped: true });
      return;
    }
    if (typeof item.type !== "string") {
      errors.push({ line: null, entry: label, message: `item ${i + 1} has no CSL type: read as "document"`, skipped: false });
    }
    items.push(item);
  });
  return { items, errors };
}

/** The line of a JSON.parse error: V8 says "at position N" or "(line L column C)". */
function jsonErrorLine(src, error) {
  const msg = String(error?.message ?? "");
  const line = /line (\d+)/.exec(msg);
  if (line) return Number(line[1]);
  const pos = /position (\d+)/.exec(msg);
  if (pos) return src.slice(0, Number(pos[1])).split("\n").length;
  return 1;
}

/**
 * @param {CslItem[]} items
 * @returns {string}
 */
export function serialiseCsl(items) {
  const used = new Set();
  const out = items.map((item) => {
    let id = item.id ?? "item";
    if (used.has(String(id))) {
      let k = 2;
      while (used.has(`${id}-${k}`)) k++;
      id = `${id}-${k}`;
      item = { ...item, id };
    }
    used.add(String(id));
    return item;
  });
  return `${JSON.stringify(out, null, 2)}\n`;
}

// ------------------------------------------------------------------------------- items ↔ papers

/** CSL rich text → plain text (the tags CSL-JSON allows in titles). */
function plainText(text) {
  if (text === null || text === undefined) return "";
  return String(Array.isArray(text) ? text[0] ?? "" : text)
    .replace(/<\/?(?:i|b|sup|sub|sc|span)(?:\s[^>]*)?>/gi, "")
    .replace(/\s+/g, " ").trim();
}

/** @param {any} name */
function nameOf(name) {
  if (!name || typeof name !== "object") return null;
  if (name.literal) return { literal: plainText(name.literal) };
  const family = [name["dropping-particle"], name["non-dropping-particle"], name.family]
    .filter((p) => typeof p === "string" && p.trim()).map((p) => p.trim()).join(" ");
  const given = typeof name.given === "string" && name.given.trim() ? name.given.trim() : null;
  if (!family && !given) return null;
  /** @type {any} */
  const out = family ? { given, family } : { given: null, family: given };
  if (typeof name.suffix === "string" && name.suffix.trim()) out.suffix = name.suffix.trim();
  return out;
}

/** Year and month of a CSL date: {"date-parts": [[2017, 6, 12]]}, {raw: "2017-06"}, {literal: "2017"}. */
function dateOf(date) {
  if (!date) return { year: null, month: null };
  const parts = Array.isArray(date) ? date : date["date-parts"];
  if (Array.isArray(parts) && Array.isArray(parts[0]) && parts[0].length) {
    const year = Number.parseInt(parts[0][0], 10);
    const month = Number.parseInt(parts[0][1], 10);
    return { year: Number.isFinite(year) ? year : null, month: month >= 1 && month <= 12 ? month : null };
  }
  const text = String(date.raw ?? date.literal ?? (typeof date === "string" || typeof date === "number" ? date : ""));
  const m = /(?<!\d)(\d{4})(?:-(\d{1,2}))?/.exec(text);
  if (!m) return { year: null, month: null };
  const month = Number(m[2]);
  return { year: Number(m[1]), month: month >= 1 && month <= 12 ? month : null };
}

const str = (v) => (v === null || v === undefined || String(v).trim() === "" ? null : String(v).trim());

/**
 * The library's view of an item; `source` keeps the item so export writes it back as it came.
 * @param {CslItem} item
 * @returns {Record<string, any>}
 */
export function itemToPaper(item) {
  const people = (Array.isArray(item.author) && item.author.length ? item.author
    : Array.isArray(item.editor) ? item.editor : []).map(nameOf).filter(Boolean);
  const { year, month } = dateOf(item.issued ?? item["original-date"]);
  const doi = normalizeDoi(str(item.DOI));
  const url = str(item.URL);
  const arxiv = arxivId(doi) ?? arxivId(url) ?? arxivId(str(item.number))
    ?? (/arxiv/i.test(`${item.publisher ?? ""} ${item.archive ?? ""}`) ? arxivId(str(item.number) ?? str(item.archive_location)) : null);
  const venue = plainText(item["container-title"]) || plainText(item["event-title"])
    || (typeof item.event === "string" ? plainText(item.event) : "")
    || (item.type === "article" && /arxiv/i.test(item.publisher ?? "") ? "arXiv" : "") || null;
  const keywords = str(item.keyword) ? String(item.keyword).split(/\s*[,;]\s*/).filter(Boolean) : [];
  const paper = {
    type: typeof item.type === "string" ? item.type : "document",
    title: plainText(item.title),
    authors: people,
    year,
    venue,
    doi,
    arxiv,
    url: url && /^(https?|ftp):\/\//i.test(url) ? url : null,
    pdf_url: null,
    volume: str(item.volume),
    issue: str(item.issue),
    pages: str(item.page),
    publisher: str(item.publisher),
    abstract: str(item.abstract),
    keywords,
    language: str(item.language),
    isbn: str(item.ISBN),
    issn: str(item.ISSN),
    month,
  };
  return { ...paper, source: { format: "csl-json", item: structuredClone(item) } };
}

const PAPER_FIELDS = ["type", "title", "authors", "year", "venue", "doi", "arxiv", "url", "volume", "issue",
  "pages", "publisher", "abstract", "keywords", "language", "isbn", "issn", "month"];
const CSL_FIELDS_OF = {
  type: ["type"], title: ["title"], authors: ["author"], year: ["issued"], month: ["issued"],
  venue: ["container-title"], doi: ["DOI"], arxiv: ["number"], url: ["URL"], volume: ["volume"],
  issue: ["issue"], pages: ["page"], publisher: ["publisher"], abstract: ["abstract"], keywords: ["keyword"],
  language: ["language"], isbn: ["ISBN"], issn: ["ISSN"],
};

/**
 * The item to export for a paper: its imported item (with only the fields the user changed since
 * rewritten), or an item made from its fields.
 * @param {Record<string, any>} paper
 * @returns {CslItem}
 */
export function paperToItem(paper) {
  if (paper.source?.format === "csl-json" && paper.source.item && typeof paper.source.item === "object") {
    const item = structuredClone(paper.source.item);
    const before = itemToPaper(item);
    const changed = PAPER_FIELDS.filter((k) => !same(before[k], paper[k]));
    if (!changed.length) return item;
    const fresh = freshItem(paper);
    for (const k of changed) {
      for (const f of CSL_FIELDS_OF[k]) {
        if (k === "arxiv" && !paper.arxiv) continue;
        if (fresh[f] !== undefined) item[f] = fresh[f];
        else delete item[f];
      }
    }
    return item;
  }
  return freshItem(paper);
}

/** @param {Record<string, any>} paper */
function freshItem(paper) {
  const type = paper.type ?? (paper.arxiv && !paper.doi ? "article" : "article-journal");
  /** @type {CslItem} */
  const item = { id: paper.source?.entry?.key || citationKey(paper), type };
  const put = (/** @type {string} */ k, /** @type {any} */ v) => {
    if (v !== null && v !== undefined && v !== "") item[k] = typeof v === "number" ? v : String(v);
  };
  put("title", paper.title);
  if (paper.authors?.length) {
    item.author = paper.authors.map((a) => {
      if (a.literal !== undefined) return { literal: a.literal };
      /** @type {any} */
      const n = { family: a.family };
      if (a.given) n.given = a.given;
      if (a.suffix) n.suffix = a.suffix;
      return n;
    });
  }
  if (paper.year) item.issued = { "date-parts": [paper.month ? [paper.year, paper.month] : [paper.year]] };
  if (!(type === "article" && paper.arxiv && /^arxiv$/i.test(paper.venue ?? ""))) put("container-title", paper.venue);
  put("volume", paper.volume);
  put("issue", paper.issue);
  put("page", paper.pages ? String(paper.pages).replace(/\s*(?:--|—)\s*/g, "–") : null);
  put("publisher", paper.publisher ?? (type === "article" && paper.arxiv ? "arXiv" : null));
  if (paper.arxiv) item.number = `arXiv:${paper.arxiv}`;
  put("DOI", paper.doi);
  put("URL", paper.url);
  put("ISBN", paper.isbn);
  put("ISSN", paper.issn);
  put("language", paper.language);
  if (paper.keywords?.length) item.keyword = paper.keywords.join(", ");
  put("abstract", paper.abstract);
  return item;
}

function same(a, b) {
  const empty = (v) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
  if (empty(a) && empty(b)) return true;
  return canon(a) === canon(b);
}
