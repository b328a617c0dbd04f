// Identifiers and match keys of papers: DOI, arXiv id, normalised title. DOM-free and pure.
//
// Two records are the same paper when one of their keys is equal (web/library/library.js indexes them):
//   doi:<doi>          lowercase, without "https://doi.org/", "doi:" or trailing punctuation
//   arxiv:<id>         without "arXiv:" and the version ("1706.03762v5" → "1706.03762"); the arXiv DOI
//                      10.48550/arXiv.<id> gives this key too
//   title:<t>|<year>   the title decoded from LaTeX, NFKD, accents stripped, lowercase, every run of
//                      punctuation and space one space; only with a year (a title alone is too weak)

import { decodeLatex } from "./latex.js";

/** A DOI anywhere in text: "https://doi.org/10.1145/3290605.3300234", "doi:10.1000/XYZ". */
const DOI = /10\.\d{4,9}\/[^\s"<>{}]+/i;
/** arXiv ids, new style (2007 on: 1706.03762, 2301.12345) and old style (hep-th/9901001, math.GT/0309136). */
const ARXIV_ID = String.raw`(\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[a-z]{2})?\/\d{7})`;
/** An id alone: "1706.03762v5", "arXiv:1706.03762". */
const ARXIV_ALONE = new RegExp(String.raw`^\s*(?:arxiv:\s*)?${ARXIV_ID}(?:v\d+)?\s*$`, "i");
/** An id after "arXiv": "arXiv:1706.03762", "arXiv preprint arXiv:1706.03762", "arxiv.org/abs/1706.03762v2",
 * "arxiv.org/pdf/1706.03762.pdf", "10.48550/arXiv.1706.03762". */
const ARXIV_IN_TEXT = new RegExp(String.raw`arxiv(?:\.org\/(?:abs|pdf)\/|\s*[:.]\s*|\s+)${ARXIV_ID}(?:v\d+)?`, "i");

/**
 * The DOI in a field or URL, lowercase, or null.
 * @param {string | null | undefined} text
 * @returns {string | null}
 * @example normalizeDoi("https://doi.org/10.1145/ABC.123.") // "10.1145/abc.123"
 */
export function normalizeDoi(text) {
  if (!text) return null;
  let s = String(text).trim();
  try {
    if (/%2f/i.test(s)) s = decodeURIComponent(s);
  } catch {
    // a stray % is not URL encoding: keep the text as it is
  }
  const m = DOI.exec(s);
  if (!m) return null;
  return m[0].replace(/[.,;:]+$/, "").replace(/\)+$/, (tail) => (moreClosingParens(m[0]) ? "" : tail)).toLowerCase()
    || null;
}

function moreClosingParens(s) {
  return (s.match(/\(/g) ?? []).length < (s.match(/\)/g) ?? []).length;
}

/**
 * The arXiv id (no version) in an id, DOI, URL or venue text, or null.
 * @param {string | null | undefined} text
 * @returns {string | null}
 * @example arxivId("arXiv preprint arXiv:1706.03762v5") // "1706.03762"
 */
export function arxivId(text) {
  if (!text) return null;
  const s = String(text);
  const m = ARXIV_ALONE.exec(s) ?? ARXIV_IN_TEXT.exec(s);
  return m ? m[1].toLowerCase() : null;
}

/**
 * A title for matching: LaTeX decoded, accents stripped, lowercase, punctuation and spaces collapsed.
 * @param {string | null | undefined} title
 * @returns {string}
 * @example normalizeTitle("{BERT}: Pre-training of Deep  Bidirectional Transformers") // "bert pre training of deep bidirectional transformers"
 */
export function normalizeTitle(title) {
  if (!title) return "";
  return decodeLatex(title).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/ß/g, "ss").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * The match keys of a paper, a record or a reference ({doi, arxiv, title, year}).
 * @param {{doi?: string | null, arxiv?: string | null, title?: string | null, year?: number | string | null} | null | undefined} ref
 * @returns {string[]}
 */
export function matchKeys(ref) {
  if (!ref) return [];
  const keys = [];
  const doi = normalizeDoi(ref.doi);
  if (doi) keys.push(`doi:${doi}`);
  const arxiv = arxivId(ref.arxiv) ?? arxivId(doi);
  if (arxiv) keys.push(`arxiv:${arxiv}`);
  const title = normalizeTitle(ref.title);
  const year = Number.parseInt(String(ref.year ?? ""), 10);
  if (title && Number.isFinite(year)) {
    keys.push(`title:${title}|${year}`);
  }
  return keys;
}
