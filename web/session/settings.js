// Look-up settings, remembered in localStorage ("citelens.settings"), and their dialog (#settings-dialog):
//   mailto        an e-mail address for Crossref's polite pool (sent as mailto=; empty = the public pool)
//   OpenAlex      off by default; with a key, OpenAlex is the last source tried
// Storage may be disabled or throw (prefs.js): the settings then last for the session only.

import { h } from "../viewer/dom.js";

const KEY = "citelens.settings";

/**
 * @typedef {{mailto: string | null, openalex: boolean, openalexKey: string | null}} Settings  as stored
 * @typedef {{mailto: string | null, openalexKey: string | null, s2Key: null}} ResolverSettings
 *   what the resolver gets (the worker's `resolve` message: `settings`)
 */

/** @returns {Settings} */
export function loadSettings() {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? "null");
    return {
      mailto: typeof raw?.mailto === "string" && raw.mailto ? raw.mailto : null,
      openalex: raw?.openalex === true,
      openalexKey: typeof raw?.openalexKey === "string" && raw.openalexKey ? raw.openalexKey : null,
    };
  } catch {
    return { mailto: null, openalex: false, openalexKey: null };
  }
}

/** @param {Settings} settings */
function saveSettings(settings) {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // kept for this session only
  }
}

/**
 * @param {Settings} settings
 * @returns {ResolverSettings}
 */
export function resolverSettings(settings) {
  return { mailto: settings.mailto, openalexKey: settings.openalex ? settings.openalexKey : null, s2Key: null };
}

/** A plausible address: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Fill and wire #settings-dialog (a <dialog>); `onChange` gets the saved settings.
 * @param {{dialog: HTMLDialogElement, opener: HTMLElement, onChange: (settings: Settings) => void}} options
 */
export function settingsDialog({ dialog, opener, onChange }) {
  const mailto = /** @type {HTMLInputElement} */ (h("input", {
    attrs: { type: "email", id: "settings-mailto", autocomplete: "email", placeholder: "you@example.org" },
  }));
  const openalex = /** @type {HTMLInputElement} */ (h("input", { attrs: { type: "checkbox", id: "settings-openalex" } }));
  const key = /** @type {HTMLInputElement} */ (h("input", {
    attrs: { type: "password", id: "settings-openalex-key", autocomplete: "off", spellcheck: "false" },
  }));
  const error = h("p", { className: "form-error", attrs: { role: "alert" } });
  const save = h("button", { className: "primary", attrs: { type: "submit", id: "settings-save" }, text: "Save" });
  const cancel = h("button", { attrs: { type: "button", id: "settings-cancel" }, text: "Cancel" });
  const form = h("form", { className: "settings-form", attrs: { novalidate: true } },
    h("h2", { text: "Reference look-up" }),
    h("p", { className: "settings-help", text: "Titles of the references you hover or open are sent to Crossref "
      + "and Semantic Scholar (and OpenAlex, when enabled below). The paper itself never leaves this browser." }),
    h("label", { className: "form-field" },
      h("span", { className: "form-label", text: "E-mail for Crossref's polite pool (optional)" }), mailto),
    h("label", { className: "form-check" }, openalex, h("span", { text: "Also search OpenAlex (needs an API key)" })),
    h("label", { className: "form-field" }, h("span", { className: "form-label", text: "OpenAlex API key" }), key),
    error,
    h("div", { className: "form-actions" }, save, cancel));
  dialog.replaceChildren(form);

  const sync = () => { key.disabled = !openalex.checked; };
  openalex.addEventListener("change", sync);
  const open = () => {
    const s = loadSettings();
    mailto.value = s.mailto ?? "";
    openalex.checked = s.openalex;
    key.value = s.openalexKey ?? "";
    error.hidden = true;
    sync();
    dialog.showModal();
    mailto.focus();
  };
  opener.addEventListener("click", open);
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => opener.focus({ preventScroll: true }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const address = mailto.value.trim();
    const problem = address && !EMAIL.test(address) ? "That e-mail address does not look right."
      : openalex.checked && !key.value.trim() ? "OpenAlex needs an API key; leave it off without one." : "";
    error.textContent = problem;
    error.hidden = !problem;
    if (problem) return;
    /** @type {Settings} */
    const settings = { mailto: address || null, openalex: openalex.checked, openalexKey: key.value.trim() || null };
    saveSettings(settings);
    dialog.close();
    onChange(settings);
  });
  return { open };
}
