// A tiny element builder. Text reaches the DOM only as text nodes (textContent semantics) and attribute
// values; there is no way to pass markup, so text from a PDF can never become HTML here.

/**
 * @typedef {{
 *   className?: string,
 *   dataset?: Record<string, string | number>,
 *   attrs?: Record<string, string | number | boolean | null | undefined>,
 *   text?: string,
 * }} ElementProps
 * `attrs` with `false`, `null` or `undefined` are left out; `true` sets an empty attribute. Event handler
 * attributes (`on...`) are refused.
 */

/**
 * @param {string} tag
 * @param {ElementProps} [props]
 * @param {...(Node | string | null | undefined | false)} children  strings become text nodes
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  for (const [key, value] of Object.entries(props.dataset ?? {})) element.dataset[key] = String(value);
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (/^on/i.test(name)) throw new Error(`refusing event handler attribute ${name}`);
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  if (props.text !== undefined) element.textContent = props.text;
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}
