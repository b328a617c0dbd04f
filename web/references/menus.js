// Small menus for the popover and the library panel: a button that opens a list of actions below it
// (Cite ▾, Add to list ▾). Keyboard: Enter/Space/ArrowDown on the button opens it and focuses the first
// item, ArrowUp/ArrowDown move, Esc closes it and returns to the button (without closing the popover
// around it), Tab leaves it closed. Items are built with dom.js: labels are text, never markup.

import { h } from "../viewer/dom.js";

/**
 * @typedef {{label: string, depth?: number, className?: string, dataset?: Record<string, string | number>,
 *            onSelect: () => void | Promise<void>}} MenuAction
 * @typedef {{input: {placeholder: string, label: string, className?: string,
 *            onSubmit: (value: string) => void | Promise<void>}}} MenuInput
 * @typedef {MenuAction | MenuInput} MenuItem
 */

/**
 * @param {{className: string, label: string, title?: string, menuClass?: string,
 *          items: () => MenuItem[] | Promise<MenuItem[]>}} options
 *   items: called each time the menu opens (lists change)
 * @returns {HTMLElement} a `.menu-wrap` holding the button and its `[role=menu]`
 */
export function menuButton({ className, label, title, menuClass = "", items }) {
  const button = /** @type {HTMLButtonElement} */ (h("button", {
    className,
    attrs: { type: "button", "aria-haspopup": "menu", "aria-expanded": "false", title: title ?? null },
    text: label,
  }));
  const menu = h("div", { className: `menu ${menuClass}`.trim(), attrs: { role: "menu", "aria-label": title ?? label } });
  menu.hidden = true;
  const wrap = h("span", { className: "menu-wrap" }, button, menu);

  const close = (/** @type {boolean} */ focusButton) => {
    if (menu.hidden) return;
    menu.hidden = true;
    delete menu.dataset.open;
    button.setAttribute("aria-expanded", "false");
    if (focusButton) button.focus({ preventScroll: true });
  };
  const entries = () => /** @type {HTMLElement[]} */ ([...menu.querySelectorAll('[role="menuitem"], input')]);

  const open = async () => {
    const list = await items();
    menu.replaceChildren(...list.map((item) => ("input" in item ? inputItem(item, close) : actionItem(item, close))));
    menu.hidden = false;
    menu.dataset.open = "true";
    button.setAttribute("aria-expanded", "true");
    entries()[0]?.focus({ preventScroll: true });
  };

  button.addEventListener("click", () => (menu.hidden ? open() : close(true)));
  button.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && menu.hidden) {
      event.preventDefault();
      open();
    }
  });
  menu.addEventListener("keydown", (event) => {
    const all = entries();
    const at = all.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = (at + (event.key === "ArrowDown" ? 1 : all.length - 1)) % all.length;
      all[next]?.focus({ preventScroll: true });
    }
  });
  wrap.addEventListener("focusout", (event) => {
    if (!wrap.contains(/** @type {Node | null} */ (event.relatedTarget))) close(false);
  });
  return wrap;
}

/**
 * @param {MenuAction} item
 * @param {(focusButton: boolean) => void} close
 */
function actionItem(item, close) {
  const button = h("button", {
    className: `menu-item ${item.className ?? ""}`.trim(),
    dataset: { ...(item.dataset ?? {}), depth: item.depth ?? 0 },
    attrs: { type: "button", role: "menuitem", tabindex: "-1" },
    text: item.label,
  });
  button.addEventListener("click", async () => {
    close(true);
    await item.onSelect();
  });
  return button;
}

/**
 * An inline text field inside a menu ("New list…"): Enter submits a non-empty value.
 * @param {MenuInput} item
 * @param {(focusButton: boolean) => void} close
 */
function inputItem({ input }, close) {
  const field = /** @type {HTMLInputElement} */ (h("input", {
    className: `menu-input ${input.className ?? ""}`.trim(),
    attrs: { type: "text", placeholder: input.placeholder, "aria-label": input.label, maxlength: 200 },
  }));
  field.addEventListener("keydown", async (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const value = field.value.trim();
    if (!value) return;
    close(true);
    await input.onSubmit(value);
  });
  return field;
}

/**
 * Lists as a tree, depth-first, children under their parent: [{list, depth}].
 * @param {{id: string, name: string, parent: string | null}[]} lists
 * @returns {{list: {id: string, name: string, parent: string | null}, depth: number}[]}
 */
export function listTree(lists) {
  /** @type {Map<string | null, typeof lists>} */
  const children = new Map();
  const ids = new Set(lists.map((l) => l.id));
  for (const list of lists) {
    const parent = list.parent && ids.has(list.parent) ? list.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), list]);
  }
  /** @type {{list: typeof lists[number], depth: number}[]} */
  const out = [];
  const seen = new Set();
  const walk = (/** @type {string | null} */ parent, /** @type {number} */ depth) => {
    for (const list of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      if (seen.has(list.id)) continue; // a cycle in stored data must not loop forever
      seen.add(list.id);
      out.push({ list, depth });
      walk(list.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
