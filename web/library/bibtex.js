// BibTeX files, both ways, and BibTeX entries ↔ library papers. DOM-free and pure.
//
// parseBibtex(text) → {entries, strings, preambles, comments, errors}. Total on any text: what cannot be
//   read becomes an error {line, entry, message} and parsing goes on at the next line that starts with `@`,
//   so one broken entry never costs the others. The grammar is BibTeX's:
//     - text outside entries is a comment; `@comment{…}` too (JabRef keeps its metadata there)
//     - `@type{key, name = value, …}` or with parentheses; types and field names are case-insensitive
//       (kept lowercase), the trailing comma is optional
//     - a value is `{…}` (balanced braces), `"…"` (a `"` inside braces does not end it), a number, or a
//       macro name, joined with `#`; `@string{name = value}` defines macros, jan…dec are predefined
//     - `@preamble{…}` is kept as it is
//   Field values are kept as LaTeX text after macro expansion and concatenation: `month = jan` gives
//   "January", `title = {The {DNA} of {\"u}}` gives "The {DNA} of {\"u}". Decoding to Unicode is for
//   display only (entryToPaper); the text here is what serialiseBibtex writes back.
// serialiseBibtex(entries, {preambles, comments}) → text that parses back to the same entries: same types,
//   keys, field names in the same order and the same values (a full month name is written as its macro).
// entryToPaper / paperToEntry: the library's view of an entry and an entry made from a paper's fields.

import { decodeLatex, decodeUrl, encodeLatex } from "./latex.js";
import { formatNames, parseNames } from "./names.js";
import { arxivId, normalizeDoi } from "./ids.js";

/**
 * @typedef {{type: string, key: string, fields: Record<string, string>}} BibFields  an entry to write
 * @typedef {BibFields & {line: number}} BibEntry  an entry as read, with its first line
 * @typedef {{line: number, entry: string, message: string, skipped: boolean}} BibError
 *   `skipped`: the entry could not be read and is not among `entries`; otherwise it was kept as read
 * @typedef {{entries: BibEntry[], strings: Record<string, string>, preambles: string[], comments: string[],
 *            errors: BibError[]}} BibFile
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December"];
const MONTH_MACROS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Characters of identifiers: entry types, keys, field and macro names (BibTeX allows most printables). */
const NAME_CHAR = /[^\s"#%'(),={}@\\]/;
const KEY_CHAR = /[^\s,{}()"@\\]/;

class SyntaxProblem extends Error {
  /** @param {string} message @param {number} pos */
  constructor(message, pos) {
    super(message);
    this.pos = pos;
  }
}

/**
 * Parses a whole BibTeX file.
 * @param {string} text
 * @returns {BibFile}
 */
export function parseBibtex(text) {
  const src = String(text ?? "").replace(/^\uFEFF/, "");
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) if (src[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (/** @type {number} */ pos) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  /** @type {BibFile} */
  const file = { entries: [], strings: {}, preambles: [], comments: [], errors: [] };
  /** @type {Record<string, string>} macro names are case-insensitive */
  const macros = Object.fromEntries(MONTH_MACROS.map((m, i) => [m, MONTHS[i]]));
  let pos = 0;
  const n = src.length;

  const ws = () => {
    while (pos < n && /\s/.test(src[pos])) pos++;
  };
  const expect = (/** @type {string} */ ch, /** @type {string} */ what) => {
    ws();
    if (src[pos] !== ch) {
      throw new SyntaxProblem(`expected ${what} at line ${lineOf(pos)}, found ${describe(src, pos)}`, pos);
    }
    pos++;
  };
  const name = (/** @type {RegExp} */ chars, /** @type {string} */ what) => {
    ws();
    const start = pos;
    while (pos < n && chars.test(src[pos])) pos++;
    if (pos === start) {
      throw new SyntaxProblem(`expected ${what} at line ${lineOf(pos)}, found ${describe(src, pos)}`, pos);
    }
    return src.slice(start, pos);
  };
  /** `{…}` from src[pos] === "{": its inner text */
  const braced = () => {
    const open = pos;
    let depth = 0;
    for (; pos < n; pos++) {
      const ch = src[pos];
      if (ch === "\\") { pos++; continue; }
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        pos++;
        return src.slice(open + 1, pos - 1);
      } else if (ch === "@" && depth === 1 && atLineStart(src, pos) && looksLikeEntry(src, pos)) {
        break; // an unclosed brace ran into the next entry
      }
    }
    throw new SyntaxProblem(`unbalanced braces: the { at line ${lineOf(open)} is never closed`, open);
  };
  /** `"…"` from src[pos] === '"': its inner text */
  const quoted = () => {
    const open = pos;
    pos++;
    let depth = 0;
    for (; pos < n; pos++) {
      const ch = src[pos];
      if (ch === "\\") { pos++; continue; } // \" is an umlaut, not the end
      if (ch === "{") depth++;
      else if (ch === "}") {
        if (--depth < 0) break;
      } else if (ch === '"' && depth === 0) {
        pos++;
        return src.slice(open + 1, pos - 1);
      } else if (ch === "@" && atLineStart(src, pos) && looksLikeEntry(src, pos)) break;
    }
    throw new SyntaxProblem(`the quoted value opened at line ${lineOf(open)} is never closed`, open);
  };
  /** value = part (# part)* ; returns the expanded text and the names of undefined macros */
  const value = (/** @type {string[]} */ undefinedMacros) => {
    let out = "";
    for (;;) {
      ws();
      const ch = src[pos];
      if (ch === "{") out += braced();
      else if (ch === '"') out += quoted();
      else if (ch !== undefined && /[0-9]/.test(ch)) {
        const start = pos;
        while (pos < n && /[0-9]/.test(src[pos])) pos++;
        out += src.slice(start, pos);
      } else if (ch !== undefined && NAME_CHAR.test(ch)) {
        const macro = name(NAME_CHAR, "a value").toLowerCase();
        if (Object.hasOwn(macros, macro)) out += macros[macro];
        else {
          undefinedMacros.push(macro);
          out += macro;
        }
      } else {
        throw new SyntaxProblem(`expected a value at line ${lineOf(pos)}, found ${describe(src, pos)}`, pos);
      }
      ws();
      if (src[pos] !== "#") return out;
      pos++;
    }
  };

  while (pos < n) {
    const at = src.indexOf("@", pos);
    if (at === -1) {
      keepComment(file, src.slice(pos));
      break;
    }
    keepComment(file, src.slice(pos, at));
    pos = at + 1;
    const start = at;
    let label = "";
    try {
      ws();
      const typeStart = pos;
      while (pos < n && /[A-Za-z0-9_:-]/.test(src[pos])) pos++;
      const type = src.slice(typeStart, pos).toLowerCase();
      if (!type) {
        // a stray "@" in comment text (an e-mail address): BibTeX ignores it too
        keepComment(file, "@");
        continue;
      }
      label = `@${type}`;
      ws();
      if (type === "comment") {
        if (src[pos] === "{" || src[pos] === "(") {
          const close = src[pos] === "{" ? "}" : ")";
          const begin = pos;
          if (close === "}") file.comments.push(braced());
          else {
            const end = src.indexOf(")", pos);
            pos = end === -1 ? n : end + 1;
            file.comments.push(src.slice(begin + 1, end === -1 ? n : end));
          }
        } else {
          const end = src.indexOf("\n", pos);
          file.comments.push(src.slice(pos, end === -1 ? n : end));
          pos = end === -1 ? n : end;
        }
        continue;
      }
      const open = src[pos];
      if (open !== "{" && open !== "(" && !atLineStart(src, start)) {
        // "someone@example.org" in comment text: BibTeX skips it too
        keepComment(file, src.slice(start, pos));
        continue;
      }
      if (open !== "{" && open !== "(") {
        throw new SyntaxProblem(`expected { or ( after @${type} at line ${lineOf(pos)}, found ${describe(src, pos)}`, pos);
      }
      const close = open === "{" ? "}" : ")";
      pos++;
      if (type === "preamble") {
        file.preambles.push(value([]));
        expect(close, `${close} closing the @preamble`);
        continue;
      }
      if (type === "string") {
        const macro = name(NAME_CHAR, "a macro name").toLowerCase();
        label = `@string ${macro}`;
        expect("=", "=");
        const undefinedMacros = [];
        const text = value(undefinedMacros);
        expect(close, `${close} closing the @string`);
        macros[macro] = text;
        file.strings[macro] = text;
        for (const m of undefinedMacros) {
          file.errors.push({ line: lineOf(start), entry: label, message: `undefined macro "${m}" kept as text`, skipped: false });
        }
        continue;
      }
      ws();
      let key = "";
      if (src[pos] !== ",") key = name(KEY_CHAR, "a citation key");
      label = key || `@${type}`;
      /** @type {BibEntry} */
      const entry = { type, key, fields: {}, line: lineOf(start) };
      const notes = [];
      if (!key) notes.push("no citation key: one is made up on export");
      ws();
      if (src[pos] === ",") pos++;
      for (;;) {
        ws();
        if (src[pos] === close) {
          pos++;
          break;
        }
        if (pos >= n) throw new SyntaxProblem(`the entry is never closed (end of file)`, pos);
        const fieldLine = lineOf(pos);
        const field = name(NAME_CHAR, "a field name or the end of the entry").toLowerCase();
        expect("=", `= after the field name "${field}"`);
        const undefinedMacros = [];
        const text = value(undefinedMacros);
        for (const m of undefinedMacros) notes.push(`undefined macro "${m}" in ${field} (line ${fieldLine}) kept as text`);
        if (Object.hasOwn(entry.fields, field)) {
          notes.push(`${field} appears twice (line ${fieldLine}): the first one is kept`);
        } else {
          entry.fields[field] = text;
        }
        ws();
        if (src[pos] === ",") {
          pos++;
          continue;
        }
        if (src[pos] === close) continue;
        throw new SyntaxProblem(`expected , or ${close} after the field "${field}" at line ${lineOf(pos)}, found ${describe(src, pos)}`, pos);
      }
      file.entries.push(entry);
      for (const message of notes) file.errors.push({ line: entry.line, entry: label, message, skipped: false });
    } catch (error) {
      if (!(error instanceof SyntaxProblem)) throw error;
      file.errors.push({ line: lineOf(start), entry: label || "@", message: error.message, skipped: true });
      pos = nextEntryStart(src, Math.max(error.pos, start + 1));
    }
  }
  return file;
}

function keepComment(file, text) {
  if (text.trim()) file.comments.push(text.trim());
}

function describe(src, pos) {
  if (pos >= src.length) return "the end of the file";
  const ch = src[pos];
  return ch === "\n" ? "a line break" : JSON.stringify(src.slice(pos, pos + 12).split("\n")[0]);
}

function atLineStart(src, pos) {
  for (let k = pos - 1; k >= 0; k--) {
    if (src[k] === "\n") return true;
    if (!/\s/.test(src[k])) return false;
  }
  return true;
}

function looksLikeEntry(src, pos) {
  return /^@\s*[A-Za-z]+\s*[{(]/.test(src.slice(pos, pos + 40));
}

/** The next `@` at the start of a line after pos (where a broken entry's successor starts). */
function nextEntryStart(src, pos) {
  const re = /^[ \t]*@/gm;
  re.lastIndex = pos;
  const m = re.exec(src);
  return m ? m.index + m[0].length - 1 : src.length;
}

// ------------------------------------------------------------------------------------------ writing

/**
 * One entry as BibTeX text.
 * @param {{type: string, key: string, fields: Record<string, string>}} entry
 * @returns {string}
 */
export function serialiseEntry(entry) {
  const names = Object.keys(entry.fields);
  const lines = names.map((field) => `  ${field} = ${fieldValue(field, entry.fields[field])}`);
  return `@${entry.type}{${entry.key},\n${lines.join(",\n")}${lines.length ? "\n" : ""}}\n`;
}

function fieldValue(field, text) {
  const value = String(text ?? "");
  if (field === "month") {
    const m = MONTHS.indexOf(value);
    if (m !== -1) return MONTH_MACROS[m];
  }
  return balanced(value) ? `{${value}}` : `{${value.replace(/[{}]/g, (c) => `\\${c}`)}}`;
}

function balanced(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") { i++; continue; }
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth < 0) return false;
  }
  return depth === 0 && !text.endsWith("\\");
}

/**
 * A whole file: preambles, entries, then comments (as `@comment{…}`).
 * @param {Array<{type: string, key: string, fields: Record<string, string>}>} entries
 * @param {{preambles?: string[], comments?: string[]}} [extra]
 * @returns {string}
 */
export function serialiseBibtex(entries, { preambles = [], comments = [] } = {}) {
  const parts = [];
  for (const p of preambles) parts.push(`@preamble{{${balanced(p) ? p : p.replace(/[{}]/g, "")}}}\n`);
  const used = new Set();
  for (const entry of entries) {
    let key = entry.key || "entry";
    if (used.has(key)) {
      let k = 2;
      while (used.has(`${key}-${k}`)) k++;
      key = `${key}-${k}`;
    }
    used.add(key);
    parts.push(serialiseEntry({ ...entry, key }));
  }
  for (const c of comments) if (balanced(c)) parts.push(`@comment{${c}}\n`);
  return parts.join("\n");
}

// ------------------------------------------------------------------------------- entries ↔ papers

/** BibTeX entry types → CSL types (the Paper's `type`). */
const TYPE_TO_CSL = {
  article: "article-journal", inproceedings: "paper-conference", conference: "paper-conference",
  proceedings: "book", book: "book", mvbook: "book", inbook: "chapter", incollection: "chapter",
  booklet: "pamphlet", phdthesis: "thesis", mastersthesis: "thesis", thesis: "thesis",
  techreport: "report", report: "report", manual: "report", unpublished: "manuscript", online: "webpage",
  electronic: "webpage", www: "webpage", dataset: "dataset", software: "software", patent: "patent",
  misc: "document",
};
/** CSL types → BibTeX entry types, for papers made from records. */
const CSL_TO_TYPE = {
  "article-journal": "article", "article-magazine": "article", "article-newspaper": "article",
  "paper-conference": "inproceedings", book: "book", chapter: "incollection", thesis: "phdthesis",
  report: "techreport", manuscript: "unpublished", article: "misc", webpage: "online", dataset: "misc",
  software: "software",
};

/**
 * The library's view of an entry: decoded title and names, year, venue, identifiers; `source` keeps the
 * entry itself so export writes it back as it came.
 * @param {BibFields} entry
 * @returns {Record<string, any>}  Paper fields (no id, status or dates)
 */
export function entryToPaper(entry) {
  const f = entry.fields;
  const get = (/** @type {string} */ k) => (f[k] !== undefined && String(f[k]).trim() !== "" ? f[k] : null);
  const people = parseNames(get("author") ?? get("editor") ?? "");
  const archive = (get("archiveprefix") ?? get("eprinttype") ?? "").toLowerCase();
  const url = get("url") ? decodeUrl(f.url).split(/\s+/)[0] : null;
  const doi = normalizeDoi(get("doi") ?? "") ?? (url ? normalizeDoi(url) : null);
  const venueText = get("journal") ?? get("journaltitle") ?? get("booktitle") ?? get("eventtitle")
    ?? get("howpublished") ?? (entry.type === "phdthesis" || entry.type === "mastersthesis" ? get("school") : null);
  const arxiv = (archive === "arxiv" ? arxivId(get("eprint") ?? "") : null)
    ?? arxivId(doi ?? "") ?? arxivId(url ?? "") ?? arxivId(venueText ?? "")
    ?? (get("eprint") && !archive ? arxivId(`arXiv:${f.eprint}`) : null);
  const year = yearOf(get("year") ?? get("date") ?? "");
  let type = TYPE_TO_CSL[entry.type] ?? "document";
  if ((entry.type === "misc" || entry.type === "unpublished" || entry.type === "online") && arxiv) type = "article";
  // Google Scholar's export: @article{…, journal = {arXiv preprint arXiv:1706.03762}} is a preprint
  if (arxiv && /^\s*arxiv\b/i.test(venueText ?? "")) type = "article";
  const keywords = get("keywords") ? decodeLatex(f.keywords).split(/\s*[,;]\s*/).filter(Boolean) : [];
  const paper = {
    type,
    title: decodeLatex(get("title") ?? get("booktitle") ?? ""),
    authors: people.names,
    year,
    venue: venueText ? decodeLatex(venueText) : null,
    doi,
    arxiv,
    url: url && /^(https?|ftp):\/\//i.test(url) ? url : null,
    pdf_url: null,
    volume: get("volume") ? decodeLatex(f.volume) : null,
    issue: get("number") && ["article", "inproceedings", "incollection"].includes(entry.type)
      ? decodeLatex(f.number) : (get("issue") ? decodeLatex(f.issue) : null),
    pages: get("pages") ? decodeLatex(f.pages) : null,
    publisher: decodeOrNull(get("publisher") ?? get("institution") ?? get("organization")
      ?? (entry.type.endsWith("thesis") ? get("school") : null)),
    abstract: decodeOrNull(get("abstract")),
    keywords,
    language: decodeOrNull(get("langid") ?? get("language")),
    isbn: decodeOrNull(get("isbn")),
    issn: decodeOrNull(get("issn")),
    month: monthOf(get("month") ?? (get("date") ? f.date.slice(5, 7) : null)),
  };
  if (people.others) paper.more_authors = true;
  if (type === "article" && !paper.venue && arxiv) paper.venue = "arXiv";
  return { ...paper, source: { format: "bibtex", entry: cloneEntry(entry) } };
}

function decodeOrNull(text) {
  return text === null || text === undefined ? null : decodeLatex(text) || null;
}

/** @param {BibFields} entry @returns {BibFields} */
function cloneEntry(entry) {
  return { type: entry.type, key: entry.key, fields: { ...entry.fields } };
}

/** @param {string} text */
function yearOf(text) {
  const m = /(?<!\d)(\d{4})(?!\d)/.exec(String(text));
  return m ? Number(m[1]) : null;
}

/** 1..12 from "January", "jan", "1", "01", "Jan." */
function monthOf(text) {
  if (text === null || text === undefined) return null;
  const t = String(text).trim().toLowerCase();
  if (/^\d{1,2}$/.test(t)) {
    const m = Number(t);
    return m >= 1 && m <= 12 ? m : null;
  }
  const i = MONTH_MACROS.indexOf(t.slice(0, 3));
  return i === -1 ? null : i + 1;
}

/** Which fields of a Paper come from which BibTeX fields (to write back only what a user changed). */
const PAPER_FIELDS = ["type", "title", "authors", "year", "venue", "doi", "arxiv", "url", "volume", "issue",
  "pages", "publisher", "abstract", "keywords", "language", "isbn", "issn", "month", "more_authors"];

/**
 * The entry to export for a paper. A paper imported from BibTeX gives back its original entry, with only
 * the fields the user changed since rewritten; any other paper gets an entry made from its fields.
 * @param {Record<string, any>} paper
 * @returns {BibFields}
 */
export function paperToEntry(paper) {
  if (paper.source?.format === "bibtex" && paper.source.entry?.fields) {
    const entry = cloneEntry(paper.source.entry);
    const before = entryToPaper(entry);
    const changed = PAPER_FIELDS.filter((k) => !same(before[k], paper[k]));
    if (changed.length === 0) return entry;
    const fresh = freshEntry(paper);
    for (const k of changed) {
      for (const bib of BIB_FIELDS_OF[k] ?? []) {
        if (k === "venue" && bib !== venueField(entry.type) && !(bib in entry.fields)) continue;
        if (fresh.fields[bib] !== undefined) entry.fields[bib] = fresh.fields[bib];
        else if (bib in entry.fields && (paper[k] === null || paper[k] === undefined || paper[k] === "")) {
          delete entry.fields[bib];
        }
      }
    }
    return entry;
  }
  return freshEntry(paper);
}

const BIB_FIELDS_OF = {
  title: ["title"], authors: ["author"], more_authors: ["author"], year: ["year"],
  venue: ["journal", "journaltitle", "booktitle", "howpublished"], doi: ["doi"], arxiv: ["eprint", "archiveprefix"],
  url: ["url"], volume: ["volume"], issue: ["number"], pages: ["pages"], publisher: ["publisher"],
  abstract: ["abstract"], keywords: ["keywords"], language: ["langid"], isbn: ["isbn"], issn: ["issn"],
  month: ["month"],
};

function venueField(type) {
  if (type === "article") return "journal";
  if (type === "inproceedings" || type === "incollection" || type === "inbook") return "booktitle";
  return "howpublished";
}

/**
 * An entry made from a paper's fields only (a record from Crossref, a paper added by hand).
 * @param {Record<string, any>} paper
 */
function freshEntry(paper) {
  const cslType = paper.type ?? (paper.arxiv && !paper.doi ? "article" : "article-journal");
  const type = CSL_TO_TYPE[cslType] ?? "misc";
  /** @type {Record<string, string>} */
  const fields = {};
  const put = (/** @type {string} */ k, /** @type {any} */ v, protectCase = false) => {
    if (v === null || v === undefined || v === "") return;
    fields[k] = encodeLatex(String(v), { protectCase });
  };
  if (paper.authors?.length || paper.more_authors) fields.author = formatNames(paper.authors ?? [], !!paper.more_authors);
  put("title", paper.title, true);
  const isPreprint = cslType === "article" && paper.arxiv;
  if (!(isPreprint && /^arxiv$/i.test(paper.venue ?? ""))) put(venueField(type), paper.venue);
  put("year", paper.year);
  if (paper.month >= 1 && paper.month <= 12) fields.month = MONTHS[paper.month - 1];
  put("volume", paper.volume);
  put("number", paper.issue);
  if (paper.pages) fields.pages = String(paper.pages).replace(/\s*[–—-]+\s*/g, "--");
  put("publisher", paper.publisher);
  put("doi", paper.doi);
  if (paper.arxiv) {
    fields.eprint = paper.arxiv;
    fields.archiveprefix = "arXiv";
  }
  if (paper.url) fields.url = paper.url;
  put("isbn", paper.isbn);
  put("issn", paper.issn);
  put("langid", paper.language);
  if (paper.keywords?.length) put("keywords", paper.keywords.join(", "));
  put("abstract", paper.abstract);
  return { type, key: citationKey(paper), fields };
}

/**
 * A citation key in Google Scholar's form: first author's family name, year, first title word
 * ("vaswani2017attention"), ASCII only.
 * @param {Record<string, any>} paper
 * @returns {string}
 */
export function citationKey(paper) {
  const ascii = (/** @type {string} */ s) => String(s ?? "").normalize("NFKD").replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss").replace(/[øØ]/g, "o").replace(/[łŁ]/g, "l").toLowerCase().replace(/[^a-z0-9]+/g, "");
  const first = paper.authors?.[0];
  const who = first ? ascii(first.family ?? first.literal ?? "").slice(0, 24) : "";
  const stop = new Set(["a", "an", "the", "on", "of", "in", "for", "to", "and", "with", "from", "at", "by"]);
  const word = String(paper.title ?? "").split(/\s+/).map(ascii).find((w) => w && !stop.has(w)) ?? "";
  return `${who || "anon"}${paper.year ?? ""}${word}`;
}

function same(a, b) {
  const empty = (v) => v === null || v === undefined || v === "" || v === false || (Array.isArray(v) && v.length === 0);
  if (empty(a) && empty(b)) return true;
  return canon(a) === canon(b);
}

/** JSON with object keys sorted: {given, family} and {family, given} are the same name. */
export function canon(value) {
  return JSON.stringify(value, (_, v) => (v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}
