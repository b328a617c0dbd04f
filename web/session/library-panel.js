// The library panel: a drawer on the right (#library-panel), opened by the toolbar's "Library" button or
// the L key, closed by Esc or its × (focus returns to what opened it). It lists the papers of the library
// (web/library/library.js) with a search over title, authors, venue and year, filters by status and by reading
// list, changes a paper's status, removes a paper (two steps: Remove, then Remove? Yes), imports BibTeX /
// CSL-JSON files (the report says how many were added, merged, and which entries failed and why) and
// exports BibTeX or CSL-JSON, the whole library or the list chosen in the filter.
// It follows the library's "change" events; every text of a paper is set with textContent (dom.js).

import { h } from "../viewer/dom.js";
import { authorsShort } from "../references/format.js";
import { listTree } from "../references/menus.js";
import { STATUS_LABELS } from "../references/reference-states.js";

/** @type {Record<string, {label: string, extension: string, type: string}>} */
const EXPORTS = {
  bibtex: { label: "BibTeX", extension: "bib", type: "application/x-bibtex" },
  "csl-json": { label: "CSL-JSON", extension: "json", type: "application/json" },
};

export class LibraryPanel {
  /** @type {HTMLElement} */ #panel;
  /** @type {HTMLElement | null} */ #opener = null;
  /** @type {HTMLElement} */ #toggle;
  /** @type {any} */ #library = null;
  #unavailable = "";
  /** @type {Record<string, HTMLElement>} */ #el;
  #renderToken = 0;

  /**
   * @param {{panel: HTMLElement, toggle: HTMLElement}} options
   *   panel: the empty #library-panel; toggle: the toolbar button that opens it
   */
  constructor({ panel, toggle }) {
    this.#panel = panel;
    this.#toggle = toggle;
    const search = h("input", {
      attrs: { type: "search", id: "library-search", placeholder: "Search title, author, year", "aria-label": "Search the library" },
    });
    const status = h("select", { attrs: { id: "library-status-filter", "aria-label": "Filter by status" } },
      h("option", { attrs: { value: "" }, text: "All statuses" }),
      ...Object.entries(STATUS_LABELS).map(([value, label]) => h("option", { attrs: { value }, text: label })));
    const list = h("select", { attrs: { id: "library-list-filter", "aria-label": "Filter by reading list", hidden: true } });
    const file = h("input", {
      attrs: { type: "file", id: "library-import-file", accept: ".bib,.bibtex,.json,application/json,application/x-bibtex", hidden: true },
    });
    const importButton = h("button", { attrs: { type: "button", id: "library-import" }, text: "Import…" });
    const format = h("select", { attrs: { id: "library-export-format", "aria-label": "Export format" } },
      ...Object.entries(EXPORTS).map(([value, { label }]) => h("option", { attrs: { value }, text: label })));
    const exportButton = h("button", {
      attrs: { type: "button", id: "library-export", title: "Export the papers of the chosen list, or the whole library" },
      text: "Export",
    });
    const close = h("button", { className: "popover-close", attrs: { type: "button", id: "library-close", "aria-label": "Close the library" }, text: "×" });
    this.#el = {
      search, status, list, file, importButton, format, exportButton,
      count: h("span", { className: "count", attrs: { id: "library-count" } }),
      report: h("div", { className: "library-report", attrs: { id: "library-report", role: "status", "aria-live": "polite" } }),
      items: h("ul", { className: "library-list", attrs: { id: "library-list" } }),
      empty: h("p", { className: "panel-empty", attrs: { id: "library-empty" } }),
    };
    this.#el.report.hidden = true;
    panel.replaceChildren(
      h("div", { className: "library-header" },
        h("h2", { className: "library-heading", attrs: { id: "library-heading" } }, "Library ", this.#el.count), close),
      h("div", { className: "library-filters" }, search, status, list),
      h("div", { className: "library-tools" }, importButton, file, h("span", { className: "library-spacer" }), format, exportButton),
      this.#el.report,
      this.#el.empty,
      this.#el.items,
    );

    toggle.addEventListener("click", () => this.toggle(toggle));
    close.addEventListener("click", () => this.close());
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !(/** @type {HTMLElement} */ (event.target)).closest(".library-item[data-confirm]")) {
        event.preventDefault();
        event.stopPropagation();
        this.close();
      }
    });
    search.addEventListener("input", () => this.render());
    status.addEventListener("change", () => this.render());
    list.addEventListener("change", () => this.render());
    importButton.addEventListener("click", () => /** @type {HTMLInputElement} */ (file).click());
    file.addEventListener("change", () => {
      const input = /** @type {HTMLInputElement} */ (file);
      const chosen = input.files?.[0];
      input.value = "";
      if (chosen) this.importFile(chosen);
    });
    exportButton.addEventListener("click", () => this.#export());
  }

  get isOpen() { return !this.#panel.hidden; }

  /** @param {any} library  a Library, or null with `why` when there is none */
  setLibrary(library, why = "") {
    this.#library = library;
    this.#unavailable = library ? "" : why;
    library?.addEventListener("change", () => { if (this.isOpen) this.render(); });
    if (this.isOpen) this.render();
  }

  /** @param {HTMLElement | null} [opener] */
  open(opener = null) {
    this.#opener = opener ?? /** @type {HTMLElement | null} */ (document.activeElement);
    this.#panel.hidden = false;
    this.#toggle.setAttribute("aria-expanded", "true");
    document.body.dataset.libraryPanel = "open";
    this.render();
    /** @type {HTMLElement} */ (this.#el.search).focus({ preventScroll: true });
  }

  close() {
    if (this.#panel.hidden) return;
    this.#panel.hidden = true;
    this.#toggle.setAttribute("aria-expanded", "false");
    document.body.dataset.libraryPanel = "closed";
    if (this.#opener?.isConnected) this.#opener.focus({ preventScroll: true });
  }

  /** @param {HTMLElement | null} [opener] */
  toggle(opener = null) {
    if (this.isOpen) this.close();
    else this.open(opener);
  }

  async render() {
    const token = ++this.#renderToken;
    const library = this.#library;
    if (!library) {
      this.#el.items.replaceChildren();
      this.#el.empty.textContent = this.#unavailable || "Opening the library…";
      this.#el.empty.hidden = false;
      this.#panel.dataset.state = this.#unavailable ? "unavailable" : "loading";
      return;
    }
    let papers;
    let lists;
    try {
      [papers, lists] = await Promise.all([library.papers(), library.lists()]);
    } catch (error) {
      if (token !== this.#renderToken) return;
      this.#el.empty.textContent = `The library could not be read: ${/** @type {Error} */ (error)?.message ?? error}`;
      this.#el.empty.hidden = false;
      this.#panel.dataset.state = "error";
      return;
    }
    if (token !== this.#renderToken) return;
    this.#fillListFilter(lists);
    const names = new Map(lists.map((/** @type {any} */ l) => [l.id, l.name]));
    const query = /** @type {HTMLInputElement} */ (this.#el.search).value.trim().toLowerCase();
    const status = /** @type {HTMLSelectElement} */ (this.#el.status).value;
    const listId = /** @type {HTMLSelectElement} */ (this.#el.list).value;
    const shown = papers
      .filter((/** @type {any} */ p) => !status || p.status === status)
      .filter((/** @type {any} */ p) => !listId || (p.lists ?? []).includes(listId))
      .filter((/** @type {any} */ p) => !query || searchText(p).includes(query))
      .sort((/** @type {any} */ a, /** @type {any} */ b) => String(b.added ?? "").localeCompare(String(a.added ?? "")));
    this.#el.items.replaceChildren(...shown.map((/** @type {any} */ p) => this.#item(p, names)));
    this.#el.count.textContent = papers.length ? String(papers.length) : "";
    this.#el.empty.textContent = papers.length ? "No paper matches." : "Your library is empty. Add papers from a "
      + "citation's popover (Read later), or import a BibTeX or CSL-JSON file.";
    this.#el.empty.hidden = shown.length > 0;
    this.#panel.dataset.state = "ready";
    this.#panel.dataset.papers = String(papers.length);
  }

  /**
   * @param {File} file
   */
  async importFile(file) {
    const library = this.#library;
    if (!library) return;
    let text;
    try {
      text = await file.text();
    } catch (error) {
      this.#report(`“${file.name}” could not be read: ${/** @type {Error} */ (error)?.message ?? error}`, [], "error");
      return;
    }
    let result;
    try {
      result = await library.importText(text, /\.json$/i.test(file.name) ? "csl-json" : /\.bib(tex)?$/i.test(file.name) ? "bibtex" : "auto");
    } catch (error) {
      this.#report(`“${file.name}” was not imported: ${/** @type {Error} */ (error)?.message ?? error}`, [], "error");
      return;
    }
    const errors = result.errors ?? [];
    const unchanged = result.unchanged ? `, ${result.unchanged} already there` : "";
    const summary = `${file.name}: ${result.added} added, ${result.merged} merged${unchanged}, `
      + `${errors.length} error${errors.length === 1 ? "" : "s"}`;
    this.#report(summary, errors.map((/** @type {any} */ e) =>
      `${e.line ? `line ${e.line}, ` : ""}${entryName(e.entry)}: ${e.message}`),
      errors.length ? "partial" : "ok");
    this.render();
  }

  /**
   * @param {string} summary
   * @param {string[]} details
   * @param {string} state
   */
  #report(summary, details, state) {
    const report = this.#el.report;
    report.replaceChildren(h("p", { className: "library-report-summary", text: summary }),
      details.length ? h("ul", { className: "library-errors" }, ...details.map((d) => h("li", { text: d }))) : "");
    report.dataset.state = state;
    report.hidden = false;
  }

  async #export() {
    const library = this.#library;
    if (!library) return;
    const format = /** @type {HTMLSelectElement} */ (this.#el.format).value;
    const listId = /** @type {HTMLSelectElement} */ (this.#el.list).value || null;
    let text;
    try {
      text = await library.exportText(format, { listId });
    } catch (error) {
      this.#report(`Export failed: ${/** @type {Error} */ (error)?.message ?? error}`, [], "error");
      return;
    }
    const { extension, type } = EXPORTS[format];
    const listName = listId ? /** @type {HTMLSelectElement} */ (this.#el.list).selectedOptions[0]?.dataset.name : "";
    const name = `${slug(listName || "citelens-library")}.${extension}`;
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = h("a", { attrs: { href: url, download: name } });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /** @param {{id: string, name: string, parent: string | null}[]} lists */
  #fillListFilter(lists) {
    const select = /** @type {HTMLSelectElement} */ (this.#el.list);
    const current = select.value;
    select.replaceChildren(h("option", { attrs: { value: "" }, text: "All lists" }),
      ...listTree(lists).map(({ list, depth }) => h("option", {
        attrs: { value: list.id }, dataset: { name: list.name }, text: `${"\u2003".repeat(depth)}${list.name}`,
      })));
    select.value = lists.some((l) => l.id === current) ? current : "";
    select.hidden = lists.length === 0;
  }

  /**
   * @param {any} paper
   * @param {Map<string, string>} listNames
   */
  #item(paper, listNames) {
    const meta = [authorsShort(paper.authors ?? [], 3), paper.year ? String(paper.year) : "", paper.venue ?? ""]
      .filter(Boolean).join(" · ");
    const status = /** @type {HTMLSelectElement} */ (h("select", {
      className: "library-status", attrs: { "aria-label": `Status of ${paper.title ?? "this paper"}` },
    }, ...Object.entries(STATUS_LABELS).map(([value, label]) => h("option", { attrs: { value }, text: label }))));
    status.value = paper.status;
    status.addEventListener("change", async () => {
      try {
        await this.#library.setStatus(paper.id, status.value);
      } catch (error) {
        this.#report(`The status was not changed: ${/** @type {Error} */ (error)?.message ?? error}`, [], "error");
        status.value = paper.status;
      }
    });
    const remove = h("button", { className: "library-remove", attrs: { type: "button" }, text: "Remove" });
    const item = h("li", { className: "library-item", dataset: { paperId: paper.id, status: paper.status } },
      h("div", { className: "library-main" },
        h("p", { className: "library-title", text: paper.title || "(untitled)" }),
        meta ? h("p", { className: "library-meta", text: meta }) : null,
        (paper.lists ?? []).length ? h("p", { className: "library-lists" },
          ...(paper.lists ?? []).map((/** @type {string} */ id) => h("span", { className: "library-list-chip", text: listNames.get(id) ?? "?" }))) : null),
      h("div", { className: "library-controls" }, status, remove));
    remove.addEventListener("click", () => this.#confirmRemove(item, remove, paper));
    return item;
  }

  /**
   * Remove in two steps: the button becomes "Remove? Yes / No"; Esc or No keeps the paper.
   * @param {HTMLElement} item
   * @param {HTMLElement} remove
   * @param {any} paper
   */
  #confirmRemove(item, remove, paper) {
    const yes = h("button", { className: "library-remove-confirm danger", attrs: { type: "button" }, text: "Remove? Yes" });
    const no = h("button", { className: "library-remove-cancel", attrs: { type: "button" }, text: "No" });
    const box = h("span", { className: "library-confirm" }, yes, no);
    item.dataset.confirm = "true";
    const restore = () => {
      delete item.dataset.confirm;
      box.replaceWith(remove);
      remove.focus({ preventScroll: true });
    };
    yes.addEventListener("click", async () => {
      try {
        this.#panel.focus({ preventScroll: true }); // the row goes away: keep focus (and Esc) in the panel
        await this.#library.remove(paper.id);
        this.#report(`Removed “${paper.title ?? "untitled"}”.`, [], "ok");
      } catch (error) {
        this.#report(`Not removed: ${/** @type {Error} */ (error)?.message ?? error}`, [], "error");
        restore();
      }
    });
    no.addEventListener("click", restore);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        restore();
      }
    });
    remove.replaceWith(box);
    no.focus({ preventScroll: true });
  }
}

/** @param {any} paper */
function searchText(paper) {
  const authors = (paper.authors ?? []).map((/** @type {any} */ a) => a.literal ?? [a.given, a.family].join(" ")).join(" ");
  return [paper.title, authors, paper.venue, paper.year, paper.doi, paper.arxiv].filter(Boolean).join(" ").toLowerCase();
}

/** @param {any} entry  what the importer could not take: a key, a title, or raw text */
function entryName(entry) {
  if (typeof entry === "string") return entry.slice(0, 60);
  return String(entry?.key ?? entry?.id ?? entry?.title ?? "entry").slice(0, 60);
}

/** @param {string} name */
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "library";
}
