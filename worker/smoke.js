// The smoke page's script (worker/smoke.html): open ?file= with pdf.js, render page 1, analyse, report.

// @ts-expect-error: site/vendor/pdfjs/ is copied beside worker/ by make site (tools/build_site.py)
import * as pdfjs from "../vendor/pdfjs/pdf.mjs";
import { CitelensAnalyzer } from "../web/analysis/analysis.js";
import { pdfjsDocumentOptions } from "../web/analysis/extract.js";

const t0 = performance.now();
const out = /** @type {HTMLElement} */ (document.getElementById("out"));
const lines = [];
const log = (line) => {
  lines.push(`${((performance.now() - t0) / 1000).toFixed(2).padStart(6)} s  ${line}`);
  out.textContent = lines.join("\n");
};
const params = new URLSearchParams(location.search);
const workerUrl = new URL("citelens-worker.js", import.meta.url);
const installer = params.get("installer");
if (installer) workerUrl.searchParams.set("installer", installer);

/** @type {Record<string, any>} */
const result = { marks: {} };
Object.defineProperty(window, "smokeResult", { value: result });
const mark = (name) => (result.marks[name] = performance.now() - t0);
const analyzer = new CitelensAnalyzer(workerUrl, params.get("nocache") ? { cache: null } : {});
analyzer.addEventListener("progress", (/** @type {any} */ e) => log(`worker: ${e.detail.stage}: ${e.detail.message}`));
analyzer.addEventListener("ready", (/** @type {any} */ e) => {
  mark("python_ready");
  result.worker_ready_ms = e.detail.ms;
  result.worker_stages = e.detail.stages;
  log(`Python ready (worker start → ready ${e.detail.ms.toFixed(0)} ms)`);
});
analyzer.boot(); // Python loads while pdf.js opens the file: the parts are timed, not the reader

try {
  const file = params.get("file");
  if (!file) throw new Error("no ?file= given");
  pdfjs.GlobalWorkerOptions.workerSrc = new URL("../vendor/pdfjs/pdf.worker.mjs", import.meta.url).href;
  const task = pdfjs.getDocument({ url: new URL(file, location.href).href,
    ...pdfjsDocumentOptions(new URL("../vendor/pdfjs/", import.meta.url)) });
  const pdf = await task.promise;
  mark("pdf_open");
  log(`opened ${file}: ${pdf.numPages} pages`);

  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("page1"));
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await page.render({ canvas, viewport }).promise;
  mark("first_page");
  log("page 1 rendered");

  const analysis = await analyzer.analyze(pdf, { file: file.split("/").pop(),
    onProgress: (p) => p.stage === "extracting" || p.stage === "cached" ? log(p.message) : null });
  mark("analysis");
  Object.assign(result, {
    pages: pdf.numPages,
    timings: analyzer.lastTimings,
    citations: analysis.citations.length,
    references: analysis.references.length,
    figure_mentions: analysis.figure_mentions.length,
    outline: analysis.outline.length,
    outline_source: analysis.outline_source,
    citation_style: analysis.citation_style,
    text_hash: analysis.source.text_hash,
    diagnostics: analysis.diagnostics.map((d) => d.code),
  });
  log(`${result.citations} citations, ${result.references} references, ${result.figure_mentions} figure ` +
    `mentions, outline ${result.outline} (${result.outline_source}), style ${result.citation_style}`);
  log(`timings (ms): ${JSON.stringify(analyzer.lastTimings, (k, v) => typeof v === "number" ? Math.round(v) : v)}`);
  document.body.dataset.state = "done";
} catch (error) {
  result.error = { name: error.name, message: error.message };
  log(`${error.name}: ${error.message}`);
  document.body.dataset.state = "failed";
}
