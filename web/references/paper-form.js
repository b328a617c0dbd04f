// "Add manually": a small form for a reference no index could match, prefilled from the parsed entry
// (authors as family names, title, year, DOI, arXiv id). Saving hands plain library fields to `onSave`;
// a missing title or an impossible year is reported inline and nothing is lost.

import { h } from "../viewer/dom.js";
import { STATUS_LABELS } from "./reference-states.js";

/**
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {{title: string, authors: ({given: string | null, family: string} | {literal: string})[],
 *            year: number | null, venue: string | null, doi: string | null, arxiv: string | null,
 *            url: string | null}} PaperFields
 */

/**
 * "Family, Given" or "Given Family" per line; a single word is a family name.
 * @param {string} text
 * @returns {PaperFields["authors"]}
 */
function parseAuthors(text) {
  return text.split(/\n|;/).map((line) => line.trim()).filter(Boolean).map((name) => {
    if (name.includes(",")) {
      const [family, ...given] = name.split(",");
      return { family: family.trim(), given: given.join(",").trim() || null };
    }
    const parts = name.split(/\s+/);
    if (parts.length === 1) return { family: parts[0], given: null };
    return { family: /** @type {string} */ (parts.pop()), given: parts.join(" ") };
  });
}

/**
 * @param {{entry: Reference, onSave: (fields: PaperFields, status: string) => Promise<void>,
 *          onCancel: () => void}} options
 * @returns {HTMLFormElement}
 */
export function paperForm({ entry, onSave, onCancel }) {
  const field = (/** @type {string} */ name, /** @type {string} */ label, /** @type {HTMLElement} */ input) =>
    h("label", { className: `form-field form-${name}` }, h("span", { className: "form-label", text: label }), input);
  const input = (/** @type {string} */ name, /** @type {string} */ value, /** @type {Record<string, any>} */ attrs = {}) =>
    /** @type {HTMLInputElement} */ (h("input", { attrs: { type: "text", name, autocomplete: "off", ...attrs } }));

  const title = input("title", "", { required: true });
  title.value = entry.title ?? "";
  const authors = /** @type {HTMLTextAreaElement} */ (h("textarea", { attrs: { name: "authors", rows: 3 } }));
  authors.value = (entry.authors ?? []).join("\n");
  const year = input("year", "", { inputmode: "numeric", maxlength: 4 });
  year.value = entry.year ? String(entry.year) : "";
  const venue = input("venue", "");
  const doi = input("doi", "");
  doi.value = entry.doi ?? "";
  const arxiv = input("arxiv", "");
  arxiv.value = entry.arxiv_id ?? "";
  const status = /** @type {HTMLSelectElement} */ (h("select", { attrs: { name: "status" } },
    ...Object.entries(STATUS_LABELS).map(([value, label]) => h("option", { attrs: { value }, text: label }))));
  const error = h("p", { className: "form-error", attrs: { role: "alert" } });
  error.hidden = true;
  const save = h("button", { className: "form-save primary", attrs: { type: "submit" }, text: "Save to library" });
  const cancel = h("button", { className: "form-cancel", attrs: { type: "button" }, text: "Cancel" });

  const form = /** @type {HTMLFormElement} */ (h("form", { className: "paper-form", attrs: { novalidate: true } },
    field("title", "Title", title),
    field("authors", "Authors (one per line: Family, Given)", authors),
    h("div", { className: "form-row" }, field("year", "Year", year), field("status", "Status", status)),
    field("venue", "Venue", venue),
    h("div", { className: "form-row" }, field("doi", "DOI", doi), field("arxiv", "arXiv", arxiv)),
    error,
    h("div", { className: "form-actions" }, save, cancel)));

  cancel.addEventListener("click", onCancel);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problem = !title.value.trim() ? "A title is needed."
      : year.value.trim() && !/^\d{4}$/.test(year.value.trim()) ? "The year is four digits, or empty." : "";
    error.textContent = problem;
    error.hidden = !problem;
    if (problem) {
      (problem.startsWith("A title") ? title : year).focus();
      return;
    }
    save.setAttribute("disabled", "");
    try {
      await onSave({
        title: title.value.trim(),
        authors: parseAuthors(authors.value),
        year: year.value.trim() ? Number(year.value.trim()) : null,
        venue: venue.value.trim() || null,
        doi: doi.value.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").toLowerCase() || null,
        arxiv: arxiv.value.trim() || null,
        url: entry.url ?? null,
      }, status.value);
    } catch (e) {
      error.textContent = `Not saved: ${/** @type {Error} */ (e)?.message ?? e}`;
      error.hidden = false;
      save.removeAttribute("disabled");
    }
  });
  queueMicrotask(() => title.focus({ preventScroll: true }));
  return form;
}
