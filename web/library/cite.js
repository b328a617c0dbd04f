// Citations of one paper or record for the clipboard: BibTeX, RIS, APA 7, MLA 9, Chicago author-date 17.
// DOM-free and pure.
//
// Why our own formatters and not citation-js (@citation-js/core + plugin-csl + citeproc): those packages are
// CommonJS with a tree of dependencies, and this site has no bundler (tools/build_site.py copies native ES
// modules as they are); plugin-csl also ships only the APA, Vancouver and Harvard styles, so MLA and Chicago
// would need CSL style files vendored as well. Four kinds of work in three styles are a few rules each,
// written out below from the style guides and tested against examples made from those rules
// (tests/js/cite.test.mjs).
//
// Input: a library Paper or a resolver Record (web/library/library.js, interfaces: title, authors [{given, family,
//   suffix?} | {literal}], year, venue, doi, arxiv, url, type (CSL), and when known volume, issue, pages,
//   publisher, more_authors). Titles are used as given: converting to APA's sentence case or MLA's title
//   case would need to know which words are proper nouns.
// Output: plain text (formatCitation) or parts with the italics marked (citationParts), so a UI can put
//   both text/plain and text/html on the clipboard from text nodes.
//
// Kinds: journal article (article-journal, and anything unknown), conference paper (paper-conference,
// chapter), preprint (type "article" or an arXiv id without a venue), book (book, report, thesis).
// Author lists: APA lists up to 20 (21+: the first 19, ". . .", the last); MLA lists 1 or 2 (3+: the first
// and "et al."); Chicago lists up to 10 (11+: the first 7 and "et al."). A list that ended in BibTeX's
// "and others" (more_authors) ends in "et al." in every style.

import { paperToEntry, serialiseEntry } from "./bibtex.js";
import { arxivId, normalizeDoi } from "./ids.js";

export const STYLES = Object.freeze(["bibtex", "ris", "apa", "mla", "chicago"]);

/** @typedef {{text: string, italic?: boolean}} Part */
/** @typedef {"journal" | "conference" | "preprint" | "book"} Kind */

/**
 * A citation as plain text.
 * @param {Record<string, any>} work  a Paper or a Record
 * @param {"bibtex" | "ris" | "apa" | "mla" | "chicago"} style
 * @returns {string}
 */
export function formatCitation(work, style) {
  return citationParts(work, style).map((p) => p.text).join("");
}

/**
 * A citation as text parts, the italic ones marked (journal and book titles, APA volumes).
 * @param {Record<string, any>} work
 * @param {string} style
 * @returns {Part[]}
 */
export function citationParts(work, style) {
  if (!work || typeof work !== "object") throw new TypeError("formatCitation needs a paper or a record");
  switch (style) {
    case "bibtex": return [{ text: serialiseEntry(paperToEntry(work)).trimEnd() }];
    case "ris": return [{ text: ris(work) }];
    case "apa": return tidy(apa(view(work)));
    case "mla": return tidy(mla(view(work)));
    case "chicago": return tidy(chicago(view(work)));
    default: throw new RangeError(`unknown citation style ${JSON.stringify(style)}: one of ${STYLES.join(", ")}`);
  }
}

// ------------------------------------------------------------------------------------------- shared

/** What the styles need, cleaned once. */
function view(work) {
  const doi = normalizeDoi(work.doi);
  const arxiv = arxivId(work.arxiv) ?? arxivId(work.arxiv_id) ?? arxivId(doi);
  const venue = clean(work.venue);
  return {
    kind: kindOf(work, arxiv, venue),
    authors: (Array.isArray(work.authors) ? work.authors : []).filter(Boolean).map((a) =>
      typeof a === "string" ? { literal: a } : a),
    more: !!work.more_authors,
    title: clean(work.title),
    year: Number.isFinite(Number.parseInt(work.year, 10)) ? String(Number.parseInt(work.year, 10)) : "",
    venue: venue && /^\s*arxiv\b/i.test(venue) ? "" : venue,
    volume: clean(work.volume),
    issue: clean(work.issue),
    pages: clean(work.pages),
    publisher: clean(work.publisher),
    doi,
    arxiv,
    url: clean(work.url),
  };
}

/** @returns {Kind} */
function kindOf(work, arxiv, venue) {
  const type = work.type ?? "";
  if (type === "book" || type === "report" || type === "thesis") return "book";
  if (type === "paper-conference" || type === "chapter") return "conference";
  if (type === "article" || type === "posted-content") return "preprint";
  if (arxiv && (!venue || /^\s*arxiv\b/i.test(venue))) return "preprint";
  if (!type && venue && /\b(proceedings|conference|workshop|symposium)\b/i.test(venue)) return "conference";
  return "journal";
}

function clean(text) {
  return text === null || text === undefined ? "" : String(text).replace(/\s+/g, " ").trim();
}

/** The link a citation ends with: the DOI as a URL, else the arXiv page, else the URL. */
function link(v) {
  if (v.doi) return `https://doi.org/${v.doi}`;
  if (v.arxiv) return `https://arxiv.org/abs/${v.arxiv}`;
  return v.url;
}

/** "Title" + "." unless it already ends in . ? or ! */
function closed(text) {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** Quoted title with the period inside: “Title.” (MLA, Chicago) */
function quoted(title) {
  return `“${closed(title)}”`;
}

/** Joins parts, dropping empty ones, collapsing doubled spaces and periods between parts. */
function tidy(parts) {
  const out = [];
  for (const p of parts) {
    if (!p || !p.text) continue;
    const last = out[out.length - 1];
    if (last && !last.italic && !p.italic) last.text += p.text;
    else out.push({ ...p });
  }
  let text = "";
  for (const p of out) {
    p.text = p.text.replace(/ {2,}/g, " ");
    if (text.endsWith(".") && p.text.startsWith(".")) p.text = p.text.slice(1);
    text += p.text;
  }
  if (out.length) out[out.length - 1].text = out[out.length - 1].text.trimEnd();
  if (out.length) out[0].text = out[0].text.trimStart();
  return out.filter((p) => p.text);
}

/** Initials of given names: "Ashish" → "A.", "Ming-Wei" → "M.-W.", "J.R." → "J. R.", "Aidan N." → "A. N." */
export function initials(given) {
  return clean(given).replace(/\./g, ". ").split(/\s+/).filter(Boolean)
    .map((word) => word.split("-").filter(Boolean).map((part) => {
      const letter = [...part.replace(/\.$/, "")][0] ?? "";
      return letter ? `${letter.toUpperCase()}.` : "";
    }).join("-")).filter(Boolean).join(" ");
}

/** "Family, Given" (inverted) or "Given Family" */
function fullName(a, inverted) {
  if (a.literal !== undefined) return clean(a.literal);
  const family = clean(a.family);
  const given = clean(a.given);
  const suffix = clean(a.suffix);
  if (!given) return suffix ? `${family}, ${suffix}` : family;
  if (inverted) return suffix ? `${family}, ${given}, ${suffix}` : `${family}, ${given}`;
  return suffix ? `${given} ${family} ${suffix}` : `${given} ${family}`;
}

/** A range of pages with an en dash, the end shortened by `elide` ("201--219" → "201–19" for MLA). */
function pageRange(pages, elide = (a, b) => b) {
  const m = /^\s*([^\s–—-]+)\s*(?:-+|–|—)\s*([^\s–—-]+)\s*$/.exec(pages);
  if (!m) return { text: pages, range: false };
  const [, a, b] = m;
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b) || Number(b) <= Number(a)) return { text: `${a}–${b}`, range: true };
  return { text: `${a}–${elide(a, b)}`, range: true };
}

/** The last `k` digits of b, for the smallest k ≥ min that keeps the shared prefix. */
function changedDigits(a, b, min) {
  if (a.length !== b.length) return b;
  for (let k = min; k < b.length; k++) if (a.slice(0, a.length - k) === b.slice(0, b.length - k)) return b.slice(-k);
  return b;
}

/** MLA 9: through 99 in full; above, the last two digits of the second number, more when needed (1608–774). */
function mlaElide(a, b) {
  if (Number(a) < 100) return b;
  return changedDigits(a, b, 2);
}

/** Chicago 17, 9.61: 71–72, 100–104, 101–8, 808–33, 321–28, 498–532, 1087–89, 1496–1504, 11564–615, 12991–3001. */
function chicagoElide(a, b) {
  const n = Number(a);
  if (n < 100 || n % 100 === 0) return b;
  const short = changedDigits(a, b, n % 100 < 10 ? 1 : 2);
  if (a.length === 4 && short.length >= 3) return b; // four digits, three of them changed: all four
  return short;
}

// ---------------------------------------------------------------------------------------------- APA

function apaName(a) {
  if (a.literal !== undefined) return clean(a.literal);
  const family = clean(a.family);
  const given = initials(a.given);
  const suffix = clean(a.suffix);
  return [family, given, suffix].filter(Boolean).join(", ");
}

function apaAuthors(v) {
  const names = v.authors.map(apaName);
  if (!names.length) return "";
  if (v.more) return `${names.join(", ")}, et al.`;
  if (names.length === 1) return names[0];
  if (names.length <= 20) return `${names.slice(0, -1).join(", ")}, & ${names[names.length - 1]}`;
  return `${names.slice(0, 19).join(", ")}, . . . ${names[names.length - 1]}`;
}

/** APA 7 (§ 9.8–9.10, 10.1, 10.2, 10.5, 10.8): Author, A. A., & Author, B. B. (Year). Title. *Journal*, *vol*(issue), pages. DOI */
function apa(v) {
  const who = apaAuthors(v);
  const when = `(${v.year || "n.d."}).`;
  const url = link(v);
  /** @type {Part[]} */
  const parts = [];
  // No author: the title takes the author's place (§ 9.12).
  const lead = who ? [{ text: `${closed(who)} ${when} ` }] : [];
  if (v.kind === "preprint" || v.kind === "book") {
    if (who) parts.push(...lead);
    parts.push({ text: v.title || "[Untitled]", italic: true });
    const number = v.kind === "preprint" && v.arxiv ? ` (arXiv:${v.arxiv})` : "";
    parts.push({ text: who ? `${number}. ` : `${number}. ${when} ` });
    if (v.kind === "preprint") {
      parts.push({ text: v.arxiv ? "arXiv. " : v.venue ? `${closed(v.venue)} ` : "[Preprint]. " });
    } else if (v.publisher) {
      parts.push({ text: `${closed(v.publisher)} ` });
    }
    if (url) parts.push({ text: url });
    return parts;
  }
  const title = closed(v.title || "[Untitled]");
  if (who) parts.push(...lead, { text: `${title} ` });
  else parts.push({ text: `${title} ${when} ` });
  const pages = v.pages ? pageRange(v.pages) : null;
  if (v.kind === "conference") {
    if (v.venue) {
      parts.push({ text: "In " }, { text: v.venue, italic: true });
      parts.push({ text: pages ? ` (${pages.range ? "pp." : "p."} ${pages.text}). ` : ". " });
    }
    if (v.publisher) parts.push({ text: `${closed(v.publisher)} ` });
  } else if (v.venue) {
    parts.push({ text: v.venue, italic: true });
    if (v.volume) {
      parts.push({ text: ", " }, { text: v.volume, italic: true });
      if (v.issue) parts.push({ text: `(${v.issue})` });
    }
    if (pages) parts.push({ text: `, ${pages.text}` });
    parts.push({ text: ". " });
  }
  if (url) parts.push({ text: url });
  return parts;
}

// ---------------------------------------------------------------------------------------------- MLA

function mlaAuthors(v) {
  const a = v.authors;
  if (!a.length) return "";
  if (a.length === 1 && !v.more) return fullName(a[0], true);
  if (a.length === 2 && !v.more) return `${fullName(a[0], true)}, and ${fullName(a[1], false)}`;
  return `${fullName(a[0], true)}, et al`;
}

/** A URL as MLA 9 prints it (§ 5.97): without http:// or https://; DOIs as https://doi.org/… (§ 5.96). */
function mlaLink(v) {
  if (v.doi) return `https://doi.org/${v.doi}`;
  const url = v.arxiv ? `https://arxiv.org/abs/${v.arxiv}` : v.url;
  return url ? url.replace(/^https?:\/\//i, "") : "";
}

/** MLA 9 (core elements: Author. Title. Container, Other contributors, Version, Number, Publisher, Date, Location.) */
function mla(v) {
  const who = mlaAuthors(v);
  /** @type {Part[]} */
  const parts = [];
  if (who) parts.push({ text: `${closed(who)} ` });
  const pages = v.pages ? pageRange(v.pages, mlaElide) : null;
  const pp = pages ? `${pages.range ? "pp." : "p."} ${pages.text}` : "";
  const url = mlaLink(v);
  if (v.kind === "book") {
    parts.push({ text: v.title || "[Untitled]", italic: true }, { text: ". " });
    const rest = [v.publisher, v.year].filter(Boolean);
    if (url) rest.push(url);
    if (rest.length) parts.push({ text: `${rest.join(", ")}.` });
    return parts;
  }
  parts.push({ text: `${quoted(v.title || "Untitled")} ` });
  const container = v.kind === "preprint" ? (v.venue || (v.arxiv ? "arXiv" : "")) : v.venue;
  /** @type {string[]} */
  const rest = [];
  if (v.kind === "journal") {
    if (v.volume) rest.push(`vol. ${v.volume}`);
    if (v.issue) rest.push(`no. ${v.issue}`);
  }
  if (v.kind === "conference" && v.publisher) rest.push(v.publisher);
  if (v.year) rest.push(v.year);
  if (pp && v.kind !== "preprint") rest.push(pp);
  if (url) rest.push(url);
  if (container) {
    parts.push({ text: container, italic: true });
    parts.push({ text: rest.length ? `, ${rest.join(", ")}.` : "." });
  } else if (rest.length) {
    parts.push({ text: `${rest.join(", ")}.` });
  }
  return parts;
}

// ------------------------------------------------------------------------------------------ Chicago

function chicagoAuthors(v) {
  let a = v.authors;
  if (!a.length) return "";
  let etal = v.more;
  if (a.length > 10) {
    a = a.slice(0, 7);
    etal = true;
  }
  const names = a.map((n, i) => fullName(n, i === 0));
  if (etal) return `${names.join(", ")}, et al.`;
  if (names.length === 1) return names[0];
  if (names.length === 2) return `${names[0]}, and ${names[1]}`;
  return `${names.slice(0, -1).join(", ")}, and ${names[names.length - 1]}`;
}

/** Chicago 17 author-date (15.9, 15.47, 14.174 ff.): Last, First, and First Last. Year. “Title.” *Journal* vol (issue): pages. DOI. */
function chicago(v) {
  const who = chicagoAuthors(v);
  const year = v.year || "n.d.";
  const url = link(v);
  /** @type {Part[]} */
  const parts = [];
  if (who) parts.push({ text: `${closed(who)} ${closed(year)} ` });
  const pages = v.pages ? pageRange(v.pages, chicagoElide) : null;
  const tail = url ? ` ${closed(url)}` : "";
  if (v.kind === "book") {
    parts.push({ text: v.title || "Untitled", italic: true });
    if (!who) parts.push({ text: `. ${year}` });
    parts.push({ text: v.year || who ? ". " : " " });
    if (v.publisher) parts.push({ text: closed(v.publisher) });
    parts.push({ text: tail });
    return parts;
  }
  parts.push({ text: quoted(v.title || "Untitled") });
  if (!who) parts.push({ text: ` ${closed(year)}` });
  if (v.kind === "preprint") {
    parts.push({ text: v.arxiv ? ` Preprint, arXiv:${v.arxiv}.` : v.venue ? ` Preprint, ${closed(v.venue)}` : " Preprint." });
  } else if (v.kind === "conference") {
    if (v.venue) {
      parts.push({ text: " In " }, { text: v.venue, italic: true });
      parts.push({ text: pages ? `, ${pages.text}.` : "." });
    }
    if (v.publisher) parts.push({ text: ` ${closed(v.publisher)}` });
  } else if (v.venue) {
    parts.push({ text: " " }, { text: v.venue, italic: true });
    let rest = "";
    if (v.volume) rest += ` ${v.volume}`;
    if (v.issue) rest += v.volume ? ` (${v.issue})` : `, no. ${v.issue}`;
    if (pages) rest += v.volume || v.issue ? `: ${pages.text}` : `, ${pages.text}`;
    parts.push({ text: `${rest}.` });
  }
  parts.push({ text: tail });
  return parts;
}

// ---------------------------------------------------------------------------------------------- RIS

const RIS_TYPES = { journal: "JOUR", conference: "CPAPER", preprint: "UNPB", book: "BOOK" };

/** RIS (the tagged format EndNote, Zotero and Mendeley read): one tag per line, "ER  - " closes. */
function ris(work) {
  const v = view(work);
  const type = work.type === "report" ? "RPRT" : work.type === "thesis" ? "THES" : work.type === "chapter" ? "CHAP"
    : RIS_TYPES[v.kind];
  const lines = [["TY", type]];
  for (const a of v.authors) lines.push(["AU", a.literal !== undefined ? clean(a.literal) : fullName(a, true)]);
  if (v.title) lines.push(["TI", v.title]);
  const venue = v.venue || (v.kind === "preprint" && v.arxiv ? "arXiv" : "");
  if (venue) lines.push([v.kind === "journal" ? "JO" : "T2", venue]);
  if (v.year) lines.push(["PY", v.year]);
  if (v.volume) lines.push(["VL", v.volume]);
  if (v.issue) lines.push(["IS", v.issue]);
  if (v.pages) {
    const m = /^\s*([^\s–—-]+)\s*(?:-+|–|—)\s*([^\s–—-]+)\s*$/.exec(v.pages);
    if (m) lines.push(["SP", m[1]], ["EP", m[2]]);
    else lines.push(["SP", v.pages]);
  }
  if (v.publisher) lines.push(["PB", v.publisher]);
  for (const sn of [work.isbn, work.issn]) if (clean(sn)) lines.push(["SN", clean(sn)]);
  if (v.doi) lines.push(["DO", v.doi]);
  const url = v.url || (v.arxiv ? `https://arxiv.org/abs/${v.arxiv}` : "");
  if (url) lines.push(["UR", url]);
  if (clean(work.language)) lines.push(["LA", clean(work.language)]);
  for (const kw of Array.isArray(work.keywords) ? work.keywords : []) if (clean(kw)) lines.push(["KW", clean(kw)]);
  if (clean(work.abstract)) lines.push(["AB", clean(work.abstract)]);
  lines.push(["ER", ""]);
  return lines.map(([tag, value]) => `${tag}  - ${value}`.trimEnd().replace(/^ER {2}-$/, "ER  - ")).join("\n");
}
