// PDFs → the Document JSON the reader sends its worker: pdf.js (pdfjs-dist's Node build) read through
// web/analysis/extract.js, the browser's own adapter, so the corpus can be scored as the reader reads it.
//
//   node tools/extract_pdfjs.mjs OUT_DIR FILE.pdf [FILE.pdf ...]
//
// Writes OUT_DIR/<stem>.json per PDF ({"document": ..., "text_hash": ...}), or {"error": "..."} where pdf.js
// cannot read it; prints one line per file with its pages and seconds. tests/corpus.py's "pdfjs" engine runs
// it for the papers not in its cache.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PDFJS = join(ROOT, "node_modules", "pdfjs-dist");

// pdf.js needs Promise.withResolvers and ArrayBuffer.prototype.transferToFixedLength (Node 22); Debian's
// Node 20 lacks both. Without the second pdf.js reads no page's operators, so no font arrives with a name.
Promise.withResolvers ??= function withResolvers() {
  let resolve, reject;
  const promise = new this((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
};
if (!ArrayBuffer.prototype.transferToFixedLength) {
  ArrayBuffer.prototype.transferToFixedLength = function transferToFixedLength(length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
}

const [outDir, ...files] = process.argv.slice(2);
if (!outDir || !files.length) {
  console.error("usage: node tools/extract_pdfjs.mjs OUT_DIR FILE.pdf [FILE.pdf ...]");
  process.exit(2);
}
const pdfjs = await import(pathToFileURL(join(PDFJS, "legacy", "build", "pdf.mjs")).href);
const { extractDocument } = await import(pathToFileURL(join(ROOT, "web", "analysis", "extract.js")).href);
mkdirSync(outDir, { recursive: true });

for (const file of files) {
  const started = performance.now();
  const out = join(outDir, basename(file).replace(/\.pdf$/i, "") + ".json");
  let record;
  let task = null;
  try {
    const data = new Uint8Array(readFileSync(file));
    task = pdfjs.getDocument({
      data,
      fontExtraProperties: true,
      cMapUrl: join(PDFJS, "cmaps") + "/",
      cMapPacked: true,
      standardFontDataUrl: join(PDFJS, "standard_fonts") + "/",
      isEvalSupported: false,
      enableXfa: false,
      verbosity: 0,
    });
    const { document, textHash } = await extractDocument(await task.promise);
    record = { document, text_hash: textHash };
  } catch (err) {
    record = { error: String(err?.message ?? err) };
  } finally {
    await task?.destroy();
  }
  writeFileSync(out, JSON.stringify(record));
  const pages = record.document ? record.document.pages.length : 0;
  console.log(`${file}\t${pages} pages\t${((performance.now() - started) / 1000).toFixed(2)} s${record.error ? "\t" + record.error : ""}`);
}
