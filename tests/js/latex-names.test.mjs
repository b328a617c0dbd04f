// web/library/latex.js and web/library/names.js: LaTeX field text → Unicode, BibTeX name lists → CSL names, and back.
import { test } from "node:test";
import assert from "node:assert/strict";

import { decodeLatex, encodeLatex, decodeUrl } from "../../web/library/latex.js";
import { formatName, formatNames, parseName, parseNames, splitNames } from "../../web/library/names.js";

const DECODE = [
  ["{\\\"U}ber", "Über"],
  ["\\\"{U}ber", "Über"],
  ["\\\"Uber", "Über"],
  ["Caf\\'e", "Café"],
  ["Caf{\\'e}", "Café"],
  ["Garc{\\'\\i}a", "García"],
  ["na{\\\"\\i}ve", "naïve"],
  ["Stra{\\ss}e", "Straße"],
  ["Stra\\ss{}e", "Straße"],
  ["{\\O}stergaard, S{\\o}ren", "Østergaard, Søren"],
  ["{\\aa}ngstr{\\\"o}m", "ångström"],
  ["{\\L}{\\'o}d{\\'z}", "Łódź"],
  ["Erd\\H{o}s", "Erdős"],
  ["\\v{S}koda \\c{c}a \\~n \\u{a} \\k{e} \\r{u} \\={o} \\.{z}", "Škoda ça ñ ă ę ů ō ż"],
  ["The {DNA} of {\\emph{E.~coli}}", "The DNA of E. coli"],
  ["$\\alpha$-helices and $\\beta$-sheets", "α-helices and β-sheets"],
  ["$O(n^2)$ time", "O(n2) time"],
  ["pages 1--10, a---b", "pages 1–10, a—b"],
  ["``quoted'' text", "“quoted” text"],
  ["R\\&D at 50\\% \\$5 \\#1 a\\_b", "R&D at 50% $5 #1 a_b"],
  ["\\textit{In vivo} and \\textbf{bold}", "In vivo and bold"],
  ["see \\url{https://x.org} and \\href{https://y.org}{this}", "see https://x.org and this"],
  ["  many   spaces\n and\tlines ", "many spaces and lines"],
  ["\\unknowncommand{kept} text", "kept text"],
  ["unbalanced {brace", "unbalanced brace"],
  ["trailing backslash \\", "trailing backslash"],
  ["The {\\TeX}book", "The TeXbook"],
];

test("decodeLatex: accents, letters, specials, math, braces", () => {
  for (const [input, expected] of DECODE) assert.equal(decodeLatex(input), expected, input);
});

test("decodeLatex is total: null, numbers, odd input", () => {
  assert.equal(decodeLatex(null), "");
  assert.equal(decodeLatex(undefined), "");
  assert.equal(decodeLatex(1984), "1984");
  for (const odd of ["\\", "{", "}", "$", "\\'", "\\\"{", "}}}{{{", "\\c", "$$$"]) assert.equal(typeof decodeLatex(odd), "string");
});

test("encodeLatex round-trips through decodeLatex", () => {
  for (const text of ["R&D at 50% of $5 #1 a_b", "{braces} and \\backslash", "a -- b", "x^2 ~ y", "Ünïcödé stays"]) {
    assert.equal(decodeLatex(encodeLatex(text)), text, text);
  }
  assert.equal(encodeLatex("BERT and iPhone for DNA in Attention", { protectCase: true }),
    "{BERT} and {iPhone} for {DNA} in Attention");
  assert.equal(encodeLatex("Ünïcödé"), "Ünïcödé");
});

test("decodeUrl undoes hand escapes", () => {
  assert.equal(decodeUrl("http://x.org/content\\_cvpr\\_2016/a\\%20b"), "http://x.org/content_cvpr_2016/a%20b");
});

const NAMES = [
  ["Ludwig van Beethoven", { given: "Ludwig", family: "van Beethoven" }],
  ["van Beethoven, Ludwig", { given: "Ludwig", family: "van Beethoven" }],
  ["de la Fontaine, Jr., Jean", { given: "Jean", family: "de la Fontaine", suffix: "Jr." }],
  ["Jean de La Fontaine", { given: "Jean", family: "de La Fontaine" }],
  ["{World Health Organization}", { literal: "World Health Organization" }],
  ["{Barnes and Noble}", { literal: "Barnes and Noble" }],
  ["M{\\\"u}ller, J{\\\"o}rg", { given: "Jörg", family: "Müller" }],
  ["Garc{\\'\\i}a M{\\'a}rquez, Gabriel", { given: "Gabriel", family: "García Márquez" }],
  ["{\\'E}mile Zola", { given: "Émile", family: "Zola" }],
  ["Brinch~Hansen, Per", { given: "Per", family: "Brinch Hansen" }],
  ["Knuth, Donald E.", { given: "Donald E.", family: "Knuth" }],
  ["J. R. R. Tolkien", { given: "J. R. R.", family: "Tolkien" }],
  ["{von Neumann}, John", { given: "John", family: "von Neumann" }],
  ["Aristotle", { given: null, family: "Aristotle" }],
  ["Chang, Ming-Wei", { given: "Ming-Wei", family: "Chang" }],
  ["Paul Erd\\H{o}s", { given: "Paul", family: "Erdős" }],
];

test("parseName: BibTeX's First von Last, von Last, First and von Last, Jr, First", () => {
  for (const [input, expected] of NAMES) assert.deepEqual(parseName(input), expected, input);
});

test("splitNames and parseNames: 'and' outside braces only, 'and others'", () => {
  assert.deepEqual(splitNames("A and {B and C} AND D\n  and   E"), ["A", "{B and C}", "D", "E"]);
  assert.deepEqual(splitNames("Alexander Anderson and Sandy Band"), ["Alexander Anderson", "Sandy Band"]);
  const { names, others } = parseNames("Vaswani, Ashish and Shazeer, Noam and others");
  assert.equal(others, true);
  assert.deepEqual(names, [{ given: "Ashish", family: "Vaswani" }, { given: "Noam", family: "Shazeer" }]);
  assert.deepEqual(parseNames(""), { names: [], others: false });
});

test("formatName writes names parseName reads back", () => {
  const names = [
    { given: "Ludwig", family: "van Beethoven" }, { given: "Jean", family: "de la Fontaine", suffix: "Jr." },
    { literal: "Barnes & Noble, Inc." }, { given: "Gabriel", family: "García Márquez" }, { given: null, family: "Aristotle" },
    { given: "bell", family: "hooks" },
  ];
  for (const name of names) assert.deepEqual(parseName(formatName(name)), name, JSON.stringify(name));
  const text = formatNames(names.slice(0, 2), true);
  assert.deepEqual(parseNames(text), { names: names.slice(0, 2), others: true });
});
