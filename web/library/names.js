// Person names in BibTeX fields (author, editor), both ways. DOM-free and pure.
//
// Input: a field's LaTeX text, "Vaswani, Ashish and Shazeer, Noam and others". Output: CSL-style names,
// {given, family, suffix?} or {literal} for a braced corporate name, decoded for display; "and others"
// becomes the `others` flag. The rules are BibTeX's own (btxdoc, "Names"):
//
//   First von Last          "Ludwig van Beethoven"        von = the lowercase words before the last word
//   von Last, First         "van Beethoven, Ludwig"
//   von Last, Jr, First     "de la Fontaine, Jr., Jean"
//   {Corporate Name}        "{World Health Organization}" one braced group: taken as it is
//   First Last Jr           "Martin Luther King Jr."      a generational suffix after the name (Jr., Sr., II,
//                                                         III, IV) is no family name
//
// py/citelens/ids.py split_name splits the names the look-up APIs send by the same rules; tests/ids_cases.json
// holds the cases both pass.
//
// Splitting on "and" and on commas happens only outside braces: "{Barnes and Noble}" is one name. A word
// counts as lowercase by its first letter outside braces, or the first letter of a leading `{\command}`
// ("{\'e}mile" is lowercase, "{\'E}mile" is not); a word opening with a plain brace group is not.

import { decodeLatex, encodeLatex } from "./latex.js";

/** A generational suffix (patterns.NAME_GENERATION): "Jr.", "Jr", "Sr.", "II", "III", "IV". */
const GENERATION = /^(?:[JS]r\.?|I{2,3}|IV)$/;

/** @typedef {{given: string | null, family: string, suffix?: string, literal?: undefined} | {literal: string, given?: undefined, family?: undefined, suffix?: undefined}} Name */

/**
 * Splits a name list on " and " at brace depth 0.
 * @param {string} text
 * @returns {string[]}
 * @example splitNames("A and {B and C} AND D") // ["A", "{B and C}", "D"]
 */
export function splitNames(text) {
  const out = [];
  let depth = 0;
  let start = 0;
  const s = String(text ?? "");
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "\\") { i++; continue; }
    if (ch === "{") depth++;
    else if (ch === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\s/.test(ch)) {
      const m = /^\s+and\s+/i.exec(s.slice(i, i + 64));
      if (m) {
        out.push(s.slice(start, i));
        i += m[0].length - 1;
        start = i + 1;
      }
    }
  }
  out.push(s.slice(start));
  return out.map((n) => n.trim()).filter(Boolean);
}

/**
 * Words and commas of one name at depth 0; `~` and whitespace separate words.
 * @param {string} s
 * @returns {(string | ",")[]}
 */
function tokens(s) {
  const out = [];
  let depth = 0;
  let word = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "\\" && depth >= 0 && i + 1 < s.length) {
      // keep a command and the character after the backslash together: `\~n` must not split at `~`
      word += ch + s[i + 1];
      i++;
      continue;
    }
    if (ch === "{") depth++;
    if (ch === "}") depth = Math.max(0, depth - 1);
    if (depth === 0 && (/\s/.test(ch) || ch === "~" || ch === ",")) {
      if (word) out.push(word);
      word = "";
      if (ch === ",") out.push(",");
      continue;
    }
    word += ch;
  }
  if (word) out.push(word);
  return out;
}

/**
 * Is a word lowercase in BibTeX's sense (a "von" word)?
 * @param {string} word
 */
function isLower(word) {
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === "{") {
      if (depth === 0 && word[i + 1] === "\\") {
        // a special character: the case of its first letter after the command name
        const m = /^\{\\([A-Za-z]+|.)\s*\{?\s*([\p{L}])?/u.exec(word.slice(i));
        if (m) {
          const letter = /^[A-Za-z]{2,}$/.test(m[1]) && !m[2] ? m[1][0] : (m[2] ?? m[1]);
          if (/\p{L}/u.test(letter)) return letter === letter.toLowerCase() && letter !== letter.toUpperCase();
        }
        return false;
      }
      depth++;
      continue;
    }
    if (ch === "}") { depth--; continue; }
    if (depth > 0) continue;
    if (ch === "\\") {
      // \"u at depth 0: the letter after the accent command
      const m = /^\\(?:[A-Za-z]+|.)\s*\{?([\p{L}])/u.exec(word.slice(i));
      if (m) return m[1] === m[1].toLowerCase() && m[1] !== m[1].toUpperCase();
      return false;
    }
    if (/\p{L}/u.test(ch)) return ch === ch.toLowerCase() && ch !== ch.toUpperCase();
  }
  return false;
}

/**
 * One name.
 * @param {string} text  LaTeX text of one name
 * @returns {Name}
 * @example parseName("de la Fontaine, Jr., Jean") // {given: "Jean", family: "de la Fontaine", suffix: "Jr."}
 */
export function parseName(text) {
  const raw = String(text ?? "").trim();
  // {World Health Organization}: one group around the whole name
  if (raw.startsWith("{") && matchingBrace(raw, 0) === raw.length - 1) {
    return { literal: decodeLatex(raw) };
  }
  /** @type {string[][]} */
  const parts = [[]];
  for (const t of tokens(raw)) {
    if (t === ",") parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  const join = (/** @type {string[]} */ words) => decodeLatex(words.join(" "));
  /** @type {string[]} */ let first;
  /** @type {string[]} */ let last;
  let von = [];
  let jr = [];
  if (parts.length === 1) {
    const words = parts[0];
    if (words.length === 0) return { literal: "" };
    // a generational suffix written after the name, "Martin Luther King Jr.", is no family name
    if (words.length > 2 && GENERATION.test(words[words.length - 1])) jr = [words.pop()];
    const lower = words.map(isLower);
    const firstLower = lower.slice(0, -1).indexOf(true);
    if (firstLower === -1) {
      first = words.slice(0, -1);
      last = words.slice(-1);
    } else {
      const lastLower = lower.slice(0, -1).lastIndexOf(true);
      first = words.slice(0, firstLower);
      von = words.slice(firstLower, lastLower + 1);
      last = words.slice(lastLower + 1);
    }
  } else {
    const head = parts[0];
    if (parts.length === 2) first = parts[1];
    else {
      jr = parts[1];
      first = parts.slice(2).flat();
    }
    const lower = head.map(isLower);
    const lastLower = lower.slice(0, -1).lastIndexOf(true);
    von = lastLower === -1 ? [] : head.slice(0, lastLower + 1);
    last = head.slice(lastLower + 1);
  }
  const family = join([...von, ...last]);
  const given = join(first) || null;
  /** @type {Name} */
  const name = { given, family };
  const suffix = join(jr);
  if (suffix) name.suffix = suffix;
  if (!family && given) return { given: null, family: given };
  return name;
}

/**
 * A name list: the names and whether it ended in "and others".
 * @param {string | null | undefined} text
 * @returns {{names: Name[], others: boolean}}
 * @example parseNames("Smith, J. and others").others // true
 */
export function parseNames(text) {
  const parts = splitNames(text ?? "");
  let others = false;
  const names = [];
  for (const part of parts) {
    if (/^others$/i.test(part)) others = true;
    else names.push(parseName(part));
  }
  return { names, others };
}

/**
 * A name as BibTeX text that parseName reads back to the same name: "Family, Suffix, Given".
 * @param {Name} name
 * @returns {string}
 */
export function formatName(name) {
  if ("literal" in name && name.literal !== undefined) return `{${encodeLatex(name.literal)}}`;
  const protect = (/** @type {string} */ s) => {
    const e = encodeLatex(s);
    return /,|\sand\s/i.test(s) ? `{${e}}` : e;
  };
  let family = protect(name.family ?? "");
  // A family name whose words are all lowercase would be read as a lone "von" part: brace its last word.
  const words = family.split(/\s+/);
  if (words.length && words.every(isLower)) words[words.length - 1] = `{${words[words.length - 1]}}`;
  family = words.join(" ");
  const parts = [family];
  if (name.suffix) parts.push(protect(name.suffix));
  if (name.given) parts.push(protect(name.given));
  else if (name.suffix) parts.push("");
  return parts.join(", ");
}

/**
 * @param {Name[]} names @param {boolean} [others]
 * @returns {string}
 */
export function formatNames(names, others = false) {
  const list = names.map(formatName);
  if (others) list.push("others");
  return list.join(" and ");
}

function matchingBrace(s, open) {
  let depth = 0;
  for (let k = open; k < s.length; k++) {
    if (s[k] === "\\") { k++; continue; }
    if (s[k] === "{") depth++;
    else if (s[k] === "}" && --depth === 0) return k;
  }
  return -1;
}
