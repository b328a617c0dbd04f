// LaTeX in bibliographic fields, both ways. DOM-free and pure.
//
// decodeLatex: the text of a BibTeX field (title, a name, a journal) → the Unicode a reader sees and the
//   library matches on. Accents in every spelling BibTeX files use ({\"u}, \"{u}, \"u, {\'e}, \'{\i}),
//   named letters ({\ss}, \o, \aa, \l), escaped specials (\&, \%, \_), dashes (-- and ---), ties (~),
//   formatting commands (\emph{x} → x), inline math ($\alpha$-helix → α-helix) and protecting braces
//   ({DNA} → DNA). Never throws: an unknown command is dropped and its arguments kept as text.
// encodeLatex: Unicode text → a BibTeX field value that decodes back to the same text (specials escaped,
//   braces balanced). Non-ASCII letters stay as they are: every current BibTeX tool reads UTF-8.
// The original field text is never replaced by its decoding: the library keeps it for export.

/** Accent commands → combining marks. */
const ACCENTS = {
  "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304", ".": "\u0307",
  u: "\u0306", v: "\u030C", H: "\u030B", c: "\u0327", k: "\u0328", r: "\u030A", d: "\u0323", b: "\u0331",
  t: "\u0361",
};

/** Commands that stand for a character or a word (their trailing `{}` is eaten too: `\ss{}`). */
const SYMBOLS = {
  ss: "ß", SS: "SS", o: "ø", O: "Ø", ae: "æ", AE: "Æ", oe: "œ", OE: "Œ", aa: "å", AA: "Å", l: "ł", L: "Ł",
  i: "ı", j: "ȷ", dh: "ð", DH: "Ð", th: "þ", TH: "Þ", ng: "ŋ", NG: "Ŋ",
  "&": "&", "%": "%", $: "$", "#": "#", _: "_", "{": "{", "}": "}", " ": " ", ",": "\u2009", ";": " ",
  "!": "", "/": "", "-": "", "@": "",
  textendash: "–", textemdash: "—", ldots: "…", dots: "…", textellipsis: "…",
  textquoteleft: "‘", textquoteright: "’", textquotedblleft: "“", textquotedblright: "”",
  textbackslash: "\\", textasciitilde: "~", textasciicircum: "^", textless: "<", textgreater: ">",
  textbar: "|", textunderscore: "_", S: "§", P: "¶", copyright: "©", textcopyright: "©",
  textregistered: "®", texttrademark: "™", textdegree: "°", euro: "€", texteuro: "€", pounds: "£",
  textsterling: "£", dag: "†", ddag: "‡", guillemotleft: "«", guillemotright: "»", textperiodcentered: "·",
  LaTeX: "LaTeX", TeX: "TeX", BibTeX: "BibTeX", LaTeXe: "LaTeX2e",
  // math
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε", zeta: "ζ", eta: "η",
  theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π",
  varpi: "ϖ", rho: "ρ", varrho: "ϱ", sigma: "σ", varsigma: "ς", tau: "τ", upsilon: "υ", phi: "φ",
  varphi: "φ", chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ",
  Pi: "Π", Sigma: "Σ", Upsilon: "Υ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
  times: "×", cdot: "·", pm: "±", mp: "∓", leq: "≤", le: "≤", geq: "≥", ge: "≥", neq: "≠", ne: "≠",
  approx: "≈", sim: "∼", simeq: "≃", equiv: "≡", infty: "∞", to: "→", rightarrow: "→", leftarrow: "←",
  Rightarrow: "⇒", leftrightarrow: "↔", ell: "ℓ", partial: "∂", nabla: "∇", sum: "∑", prod: "∏",
  int: "∫", sqrt: "√", in: "∈", subset: "⊂", cup: "∪", cap: "∩", forall: "∀", exists: "∃", circ: "∘",
  star: "⋆", ast: "∗", prime: "′", log: "log", exp: "exp", sin: "sin", cos: "cos", max: "max", min: "min",
  quad: " ", qquad: " ", backslash: "\\", langle: "⟨", rangle: "⟩", vert: "|", mid: "|",
};

/** Commands whose (last) braced argument is the text: `\emph{x}` → x. Others' arguments are kept too. */
const DROP_ARGS = { href: 1, url: 0, cite: 1, ref: 1, label: 1 }; // how many leading arguments to drop

const LETTER = /[A-Za-z]/;

/**
 * Unicode text of a LaTeX field value.
 *
 * @param {string | null | undefined} text
 * @returns {string}
 * @example decodeLatex("{\\\"U}ber {DNA} --- na{\\\"\\i}ve") // "Über DNA — naïve"
 */
export function decodeLatex(text) {
  if (text === null || text === undefined) return "";
  const s = String(text);
  if (!/[\\{}$~-]|``|''/.test(s)) return s.replace(/\s+/g, " ").trim();
  const out = decode(s, 0, s.length);
  return out.normalize("NFC").replace(/[ \t\r\n]+/g, " ").trim();
}

/**
 * Decodes s[from, to). Braces are grouping only; math mode drops `^` and `_`.
 * @param {string} s @param {number} from @param {number} to
 */
function decode(s, from, to) {
  let out = "";
  let math = false;
  let i = from;
  while (i < to) {
    const ch = s[i];
    if (ch === "\\") {
      const [text, next] = command(s, i, to);
      out += text;
      i = next;
    } else if (ch === "{" || ch === "}") {
      i++;
    } else if (ch === "$") {
      math = !math;
      i++;
    } else if (math && (ch === "^" || ch === "_")) {
      i++;
    } else if (ch === "~") {
      out += " ";
      i++;
    } else if (!math && ch === "-" && s[i + 1] === "-") {
      if (s[i + 2] === "-") { out += "—"; i += 3; } else { out += "–"; i += 2; }
    } else if (!math && ch === "`" && s[i + 1] === "`") {
      out += "“"; i += 2;
    } else if (!math && ch === "'" && s[i + 1] === "'") {
      out += "”"; i += 2;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * One command starting at s[i] === "\\": its text and the index after it (and after its arguments).
 * @returns {[string, number]}
 */
function command(s, i, to) {
  let j = i + 1;
  if (j >= to) return ["", j];
  let name;
  if (LETTER.test(s[j])) {
    while (j < to && LETTER.test(s[j])) j++;
    name = s.slice(i + 1, j);
  } else {
    name = s[j];
    j++;
  }
  const letterName = LETTER.test(name[0]);
  if (name === "\\") return [" ", j]; // a line break
  if (Object.hasOwn(ACCENTS, name) && !(letterName && name.length > 1)) {
    // The accented letter: `\'e`, `\' e` (after a letter command), `\'{e}`, `\'{\i}`, `\"\i`.
    let k = j;
    if (letterName) while (k < to && s[k] === " ") k++;
    let base;
    if (s[k] === "{") {
      const close = matching(s, k, to);
      base = decode(s, k + 1, close);
      k = close + 1;
    } else if (s[k] === "\\") {
      const [text, next] = command(s, k, to);
      base = text;
      k = next;
    } else if (k < to) {
      base = s[k];
      k++;
    } else {
      return ["", k];
    }
    if (!base) return [ACCENTS[name], k];
    const first = base[0] === "ı" ? "i" : base[0] === "ȷ" ? "j" : base[0];
    return [first + ACCENTS[name] + base.slice(1), k];
  }
  if (letterName) while (j < to && (s[j] === " " || s[j] === "\n" || s[j] === "\t")) j++;
  if (Object.hasOwn(SYMBOLS, name)) {
    if (letterName && s[j] === "{" && s[j + 1] === "}") j += 2; // \ss{}
    return [SYMBOLS[name], j];
  }
  const drop = Object.hasOwn(DROP_ARGS, name) ? DROP_ARGS[name] : 0;
  if (drop === 0) return ["", j]; // \emph, \textbf, unknown: the argument group decodes as plain text
  let k = j;
  for (let n = 0; n < drop && s[k] === "{"; n++) k = matching(s, k, to) + 1;
  return ["", k];
}

/** Index of the brace closing the one at s[open] (or `to` when it never closes). */
function matching(s, open, to) {
  let depth = 0;
  for (let k = open; k < to; k++) {
    if (s[k] === "\\") { k++; continue; }
    if (s[k] === "{") depth++;
    else if (s[k] === "}" && --depth === 0) return k;
  }
  return to;
}

const ENCODE = {
  "\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "&": "\\&", "%": "\\%", $: "\\$", "#": "\\#",
  _: "\\_", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}",
};

/**
 * A BibTeX field value for plain text: specials escaped, so `decodeLatex(encodeLatex(t)) === t` for
 * text without runs of spaces, dashes pairs or quote pairs.
 *
 * @param {string} text
 * @param {{protectCase?: boolean}} [options]  protectCase: brace words whose capitals BibTeX styles must
 *   keep ("{BERT}", "{iPhone}", "{McDonald}"), as Better BibTeX does for titles
 * @returns {string}
 * @example encodeLatex("R&D at 5% of {x}") // "R\\&D at 5\\% of \\{x\\}"
 */
export function encodeLatex(text, { protectCase = false } = {}) {
  let out = "";
  for (const ch of String(text ?? "")) out += ENCODE[ch] ?? ch;
  // "--" in plain text would become an en dash: keep the hyphens apart.
  out = out.replace(/-(?=-)/g, "-{}");
  if (!protectCase) return out;
  return out.replace(/(?<![\\\p{L}\p{N}])[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*/gu, (word) =>
    /^.+\p{Lu}/u.test(word) ? `{${word}}` : word);
}

/**
 * URLs in BibTeX are verbatim in biblatex but often escaped by hand (`\_`, `\%`, `\&`, `\#`, `\~{}`).
 * @param {string | null | undefined} text
 * @returns {string}
 */
export function decodeUrl(text) {
  return String(text ?? "").trim().replace(/\\([_%&#$])/g, "$1").replace(/\\(?:textasciitilde|~)\{\}/g, "~");
}
