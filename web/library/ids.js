// Identifiers and match keys of papers, for the files the browser reads itself (BibTeX, CSL-JSON): the
// mirror of py/citelens/ids.py, rule for rule. DOM-free and pure. What comes from the worker (an analysis's
// references, a resolved record) carries its `keys` already, computed by ids.py: use those.
//
//   normalizeDoi(text)   the first DOI in a text, lower case, without resolver prefix, trailing punctuation,
//                        closing brackets it does not open or the next field glued to it
//   arxivId(text)        the arXiv id a text names (alone, after "arXiv", in an abs/pdf URL, in the arXiv DOI
//                        10.48550/arXiv.<id>), without its version; an old-style id in arXiv's case
//   normalizeTitle(t)    LaTeX accents and letters decoded, other commands dropped, accents dropped, case
//                        folded (ß → ss), every run of other characters one space
//   matchKeys(ref)       doi:<doi>, arxiv:<id>, title:<title key>|<year> (a title only with its year)
//
// tests/ids_cases.json is the one table of cases both languages pass (tests/js/ids.test.mjs, tests/test_ids.py).

/** A DOI in a text (patterns.REF_DOI): angle brackets of an old SICI DOI are its own; a BibTeX brace is not. */
const DOI = /10\.\d{4,9}\/[^\s"{}]+/;
/** The next field glued to a DOI (patterns.ENTRY_DOI_TAIL): ".URL http", ".PMID:…", "[arXiv:…", "[doi]", ",arXiv". */
const DOI_TAIL = /\.(?=(?:URL|PMID|PMCID|ISSN|ISBN|arXiv|Epub|http))|\[(?=[Aa][Rr][Xx][Ii][Vv]|[Dd][Oo][Ii]|[Pp][Ii][Ii]|$)|,(?=[A-Za-z])/;
/** A new-style id (1706.03762) or an old-style one (hep-th/9901001, math.GT/0309136). */
const ARXIV_ID = String.raw`(\d{4}\.\d{4,5}|[a-z][a-z-]+(?:\.[a-z]{2})?\/\d{7})`;
/** An id alone (patterns.ARXIV_ALONE): "1706.03762v5", "arXiv:1706.03762". */
const ARXIV_ALONE = new RegExp(String.raw`^\s*(?:arxiv:\s*)?${ARXIV_ID}(?:v\d+)?\s*$`, "i");
/** An id and the words that announce it (patterns.REF_ARXIV): "arXiv preprint arXiv:2302.07302v2",
 * "arxiv.org/abs/1706.03762", "CoRR, abs/1810.04805", "10.48550/arXiv.2312.07559". */
const ARXIV_IN_TEXT = new RegExp(
  String.raw`(?:arxiv(?:\.org\/(?:abs|pdf)\/|[\s:.,]*(?:preprint\s*)?(?:arxiv)?[\s:]*(?:abs\/)?)|corr,?\s*abs\/)${ARXIV_ID}`, "i");
/** LaTeX accents on one letter (patterns.LATEX_ACCENT): \"u, \"{u}, {\'e}, \'{\i}. */
const LATEX_ACCENT = /\\(?:['`^"~=.]|[uvHckrdbt](?![A-Za-z]))\s*(?:\{\s*(\\?[A-Za-z])\s*\}|(\\?[A-Za-z]))/g;
/** LaTeX letters of their own (patterns.LATEX_LETTER): \ss, {\o}, \aa{}. */
const LATEX_LETTER = /\\(ss|SS|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])(?:\{\})?/g;
/** Any other command (patterns.LATEX_COMMAND): \emph, \&. */
const LATEX_COMMAND = /\\(?:[A-Za-z]+|[^])/g;
const LATEX_LETTERS = {
  ss: "ß", SS: "SS", ae: "æ", AE: "Æ", oe: "œ", OE: "Œ", aa: "å", AA: "Å", o: "ø", O: "Ø", l: "ł", L: "Ł",
  i: "ı", j: "ȷ",
};

/**
 * The first DOI in a field or URL, in its one form, or null.
 * @param {string | null | undefined} text
 * @returns {string | null}
 * @example normalizeDoi("https://doi.org/10.1145/ABC.123.") // "10.1145/abc.123"
 */
export function normalizeDoi(text) {
  if (typeof text !== "string" || !text.includes("10.")) return null;
  let s = text;
  if (/%2f/i.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // a stray % is not URL encoding: keep the text as it is
    }
  }
  const m = DOI.exec(s);
  if (!m) return null;
  let found = m[0];
  const tail = DOI_TAIL.exec(found);
  if (tail) found = found.slice(0, tail.index);
  const opened = found.lastIndexOf("(");
  if (opened > 0 && !found.slice(opened).includes(")")) found = found.slice(0, opened);
  return trim(found).toLowerCase();
}

const count = (/** @type {string} */ s, /** @type {string} */ ch) => s.split(ch).length - 1;

/**
 * Trailing punctuation off an identifier, and closing brackets it does not open.
 * @param {string} s
 */
function trim(s) {
  while (s) {
    const c = s[s.length - 1];
    if (".,;:'’\"”".includes(c) || c === ">"
      || (c === ")" && count(s, "(") < count(s, ")")) || (c === "]" && count(s, "[") < count(s, "]"))) {
      s = s.slice(0, -1);
    } else {
      break;
    }
  }
  return s;
}

/**
 * The arXiv id (no version) in an id, DOI, URL or venue text, or null.
 * @param {string | null | undefined} text
 * @returns {string | null}
 * @example arxivId("arXiv preprint arXiv:1706.03762v5") // "1706.03762"
 */
export function arxivId(text) {
  if (typeof text !== "string") return null;
  const m = ARXIV_ALONE.exec(text) ?? ARXIV_IN_TEXT.exec(text);
  if (!m) return null;
  const id = m[1];
  if (!id.includes("/")) return id;
  const [archive, number] = id.split("/");
  const dot = archive.indexOf(".");
  return dot < 0 ? `${archive.toLowerCase()}/${number}`
    : `${archive.slice(0, dot).toLowerCase()}.${archive.slice(dot + 1).toUpperCase()}/${number}`;
}

/**
 * A title as compared; "" for no title.
 * @param {string | null | undefined} title
 * @returns {string}
 * @example normalizeTitle("{BERT}: Pre-training of Deep  Bidirectional Transformers") // "bert pre training of deep bidirectional transformers"
 */
export function normalizeTitle(title) {
  if (typeof title !== "string" || !title) return "";
  let s = title;
  if (s.includes("\\")) {
    s = s.replace(LATEX_ACCENT, (_, braced, bare) => (braced ?? bare).replace(/^\\/, ""))
      .replace(LATEX_LETTER, (_, name) => LATEX_LETTERS[/** @type {keyof typeof LATEX_LETTERS} */ (name)])
      .replace(LATEX_COMMAND, " ");
  }
  // Python's casefold beyond toLowerCase: ß → ss, final ς → σ
  return s.replace(/[{}]/g, "").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/ß/g, "ss").replace(/ς/g, "σ").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
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
  if (arxiv) keys.push(`arxiv:${arxiv.toLowerCase()}`);
  const title = normalizeTitle(ref.title);
  const year = Number.isInteger(ref.year) ? Number(ref.year)
    : typeof ref.year === "string" ? Number.parseInt(ref.year, 10) : Number.NaN;
  if (title && Number.isFinite(year)) keys.push(`title:${title}|${year}`);
  return keys;
}
