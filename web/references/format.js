// How a parsed reference entry is shown in a line or two. Formatting only: every field was parsed by the
// Python side; nothing here reads meaning into raw text.

/** @typedef {import("../analysis/schema.js").Reference} Reference */

/**
 * "Smith", "Smith and Lee", "Smith et al." from the entry's author list. Its names are surnames with their
 * particles, as the analysis gives them ("van der Berg", "de Souza"): shown as they are. `etAl`: the printed
 * list itself ended with "et al." ("Smith, X. et al."), so one or two names stand for more.
 * @param {string[]} authors
 * @param {boolean} [etAl]
 */
export function shortAuthors(authors, etAl = false) {
  const names = authors.map((name) => name.trim()).filter(Boolean);
  if (!names.length) return "";
  if (etAl || names.length > 2) return `${names[0]} et al.`;
  if (names.length === 1) return names[0];
  return `${names[0]} and ${names[1]}`;
}

/**
 * Authors for the popover: all of them up to six, then "et al.".
 * @param {string[]} authors
 */
export function authorList(authors) {
  if (authors.length <= 6) return authors.join(", ");
  return `${authors.slice(0, 6).join(", ")}, et al.`;
}

/** @param {Reference} ref */
export function yearText(ref) {
  return ref.year ? `${ref.year}${ref.year_suffix ?? ""}` : "";
}

/**
 * The entry's label as printed ("[12]", "12.") or, for author-year lists, "Smith et al. 2019".
 * @param {Reference} ref
 */
export function referenceLabel(ref) {
  if (ref.label) return ref.label;
  const who = shortAuthors(ref.authors, ref.et_al);
  const when = yearText(ref);
  return [who, when].filter(Boolean).join(" ") || `#${ref.index}`;
}

/**
 * One line describing the entry: "Smith et al. 2019. Title" or the start of the raw text.
 * @param {Reference} ref
 */
export function referenceSummary(ref) {
  const who = shortAuthors(ref.authors, ref.et_al);
  const when = yearText(ref);
  const head = [who, when].filter(Boolean).join(" ");
  if (ref.title) return head ? `${head}. ${ref.title}` : ref.title;
  return ref.raw;
}

/**
 * A Google Scholar search for the entry (its title, or the raw text when no title was parsed).
 * @param {Reference} ref
 */
export function scholarUrl(ref) {
  const url = new URL("https://scholar.google.com/scholar");
  url.searchParams.set("q", ref.title || ref.raw);
  return url.href;
}

/**
 * A person of a record or a library paper ({given, family} or {literal}) as "Given Family".
 * @param {{given?: string | null, family?: string | null, literal?: string | null} | string} person
 */
function personName(person) {
  if (typeof person === "string") return person;
  if (person?.literal) return person.literal;
  return [person?.given, person?.family].filter(Boolean).join(" ");
}

/**
 * The first `max` authors, then "+N" for the others: "Ashish Vaswani, Noam Shazeer, Niki Parmar +5".
 * @param {any[]} authors  people ({given, family} | {literal}) or names
 * @param {number} [max]
 */
export function authorsShort(authors, max = 3) {
  const names = (authors ?? []).map(personName).filter(Boolean);
  const head = names.slice(0, max).join(", ");
  return names.length > max ? `${head} +${names.length - max}` : head;
}

/**
 * "2017 · Neural Information Processing Systems · cited by 136,941" (missing parts left out).
 * @param {{year?: number | null, venue?: string | null, cited_by?: number | null}} record
 */
export function recordMeta(record) {
  const cited = typeof record.cited_by === "number" ? `cited by ${record.cited_by.toLocaleString("en-US")}` : "";
  return [record.year ? String(record.year) : "", record.venue ?? "", cited].filter(Boolean).join(" · ");
}

/** @param {string} title */
export function scholarTitleUrl(title) {
  const url = new URL("https://scholar.google.com/scholar");
  url.searchParams.set("q", title);
  return url.href;
}

/** @type {Record<string, string>} the record's source, as a link text */
export const SOURCE_NAMES = {
  crossref: "Crossref",
  datacite: "DataCite",
  semanticscholar: "Semantic Scholar",
  openalex: "OpenAlex",
};

/**
 * The entry's title for a list row: the parsed title, else the raw text (from which no title was parsed).
 * @param {Reference} ref
 */
export function referenceTitle(ref) {
  return ref.title || ref.raw;
}

/**
 * Who and when, beside a printed label: "Smith et al. 2019" next to "[12]". Empty when the entry has no
 * printed label, as its label already is that (referenceLabel), or when no author or year was parsed.
 * @param {Reference} ref
 */
export function referenceByline(ref) {
  if (!ref.label) return "";
  return [shortAuthors(ref.authors, ref.et_al), yearText(ref)].filter(Boolean).join(" ");
}

// Spaces of other widths (no-break, en, em, thin, narrow no-break, ideographic…): one plain space.
const ODD_SPACES = /[\t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;
// What draws nothing or a missing-glyph box: controls, invisible format characters (soft hyphen,
// zero-width space and joiners, byte-order mark), private-use code points (a font's own symbols, which
// a UI font lacks), unassigned code points and U+FFFD, the replacement of an unreadable byte.
// (The joiners U+200C and U+200D shape Persian and Indic words: kept.)
const UNDRAWABLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\ufffd]/gu;
// Ligatures and other presentation forms (U+FB00–U+FB4F: "ﬁ", "ﬂ", "ﬀ"): their letters.
const PRESENTATION_FORMS = /[\ufb00-\ufb4f]/gu;

/**
 * The name of one of a book's or a thesis's lists, one closing each chapter: its chapter's heading, or "List 2"
 * where the outline names none.
 * @param {import("../analysis/schema.js").ReferenceListPart} list
 * @param {number} k  0-based
 */
export function listName(list, k) {
  return list.title ? displayTitle(list.title) : `List ${k + 1}`;
}

/**
 * A title from the PDF (a bookmark, a parsed entry) as a UI font can draw it: odd spaces made plain,
 * undrawable characters dropped, ligatures spelled out, runs of spaces collapsed.
 * @param {string} text
 */
export function displayTitle(text) {
  return String(text ?? "")
    .replace(ODD_SPACES, " ")
    .replace(UNDRAWABLE, "")
    .replace(PRESENTATION_FORMS, (c) => c.normalize("NFKC"))
    .replace(/ {2,}/g, " ")
    .trim();
}
