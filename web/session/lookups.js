// The reader's two optional services, each brought up on its own time: the Resolver (looks references up
// through the worker; data-resolver = ready | unavailable on <body>) and the Library (IndexedDB;
// data-library = ready | unavailable), with the popover's actions and the settings dialog that need them.
// Neither is needed for reading: without them every entry stays "Not looked up". A record found for an
// entry saved to the library from its parsed text alone enriches that paper (paper-actions.js enrich).

import { enrich, paperActions } from "../references/paper-actions.js";
import { loadSettings, resolverSettings, settingsDialog } from "./settings.js";
import { PREFETCH } from "./document.js";

/**
 * @typedef {import("../analysis/analysis.js").CitelensAnalyzer} CitelensAnalyzer
 * @typedef {import("../analysis/resolver.js").Resolver} Resolver
 * @typedef {import("../library/library.js").Library} Library
 * @typedef {import("../references/popover.js").CitationPopover} CitationPopover
 * @typedef {import("../references/sidebar.js").Sidebar} Sidebar
 * @typedef {import("../references/reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {import("./document.js").DocumentSession} DocumentSession
 * @typedef {import("./library-panel.js").LibraryPanel} LibraryPanel
 */

/**
 * @param {{analyzer: Promise<CitelensAnalyzer>, session: DocumentSession, states: ReferenceStates,
 *          popover: CitationPopover, sidebar: Sidebar, libraryPanel: LibraryPanel,
 *          settingsDialog: HTMLDialogElement, settingsOpener: HTMLElement}} parts
 * @returns {{resolver: () => Resolver | null, library: () => Library | null}}
 */
export function startLookups({ analyzer, session, states, popover, sidebar, libraryPanel, ...dialog }) {
  const body = document.body;
  /** @type {Resolver | null} */
  let resolver = null;
  /** @type {Library | null} */
  let library = null;
  /** @type {((entry: any) => any) | null} */
  let entryRefOf = null;
  let settings = loadSettings();

  Promise.all([analyzer, import("../analysis/resolver.js")]).then(([ready, { Resolver }]) => {
    const made = new Resolver({ analyzer: ready, settings: resolverSettings(settings) });
    resolver = made;
    // No reference list in the PDF but its own DOI known: Crossref's list of the paper.
    made.addEventListener("references", (event) => {
      const detail = /** @type {CustomEvent} */ (event).detail;
      states.setReferences(detail.references);
      popover.setReferences(detail.references);
      sidebar.showCrossrefReferences(detail);
    });
    made.addEventListener("change", (event) => {
      const { index, result } = /** @type {CustomEvent} */ (event).detail;
      if (result?.status !== "resolved" || !library || !entryRefOf) return;
      enrich({ library, states, entryRef: entryRefOf }, index, result.record)
        .catch((error) => console.warn("citelens: the library paper could not be enriched:", error));
    });
    const shown = session.analysis;
    if (shown) made.setDocument(shown);
    states.connect({ resolver: made });
    body.dataset.resolver = "ready";
    if (shown) made.prefetch(PREFETCH);
  }).catch((error) => {
    body.dataset.resolver = "unavailable";
    console.warn("citelens: references cannot be looked up:", error);
  });

  import("../library/library.js").then(async ({ Library, entryRef }) => {
    library = await Library.open();
    entryRefOf = entryRef;
    states.connect({ library, entryRef });
    libraryPanel.setLibrary(library);
    body.dataset.library = "ready";
  }).catch((error) => {
    body.dataset.library = "unavailable";
    libraryPanel.setLibrary(null, `The library is not available in this browser: ${error?.message ?? error}`);
  });

  /** @type {Promise<any> | null} */
  let citeModule = null;
  popover.setActions(paperActions({
    states,
    library: () => library,
    currentPaper: () => session.paper(),
    formatCitation: async () => {
      citeModule ??= import("../library/cite.js");
      return (await citeModule.catch(() => null))?.formatCitation ?? null;
    },
    openPdf: (url) => {
      const reader = new URL(location.pathname, location.href);
      reader.searchParams.set("file", url);
      window.open(reader.href, "_blank", "noopener");
    },
  }));

  settingsDialog({
    dialog: dialog.settingsDialog,
    opener: dialog.settingsOpener,
    onChange: (saved) => {
      settings = saved;
      resolver?.setSettings(resolverSettings(saved));
    },
  });

  return { resolver: () => resolver, library: () => library };
}
