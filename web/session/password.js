// The password prompt for an encrypted PDF: pdf.js asks through its loading task's onPassword, once with
// "needed" and again, after a wrong one, with "incorrect". The answer never leaves this page (pdf.js decrypts
// locally) and is not stored.

import { h } from "../viewer/dom.js";

/**
 * Ask for the password of `name` in #password-dialog (a <dialog>).
 * @param {{dialog: HTMLDialogElement, name: string, incorrect: boolean}} options
 * @returns {Promise<string | null>} the password, or null when the user gave up (Cancel, Esc)
 */
export function askPassword({ dialog, name, incorrect }) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    attrs: { type: "password", id: "password-input", autocomplete: "off", spellcheck: "false", required: true },
  }));
  const reason = h("p", {
    className: "form-error", attrs: { id: "password-reason", role: "alert" },
    text: incorrect ? "That password is not right; try again." : "",
  });
  reason.hidden = !incorrect;
  const open = h("button", { className: "primary", attrs: { type: "submit", id: "password-submit" }, text: "Open" });
  const cancel = h("button", { attrs: { type: "button", id: "password-cancel" }, text: "Cancel" });
  const form = h("form", { className: "settings-form", attrs: { novalidate: true } },
    h("h2", { text: "Password needed" }),
    h("p", { className: "settings-help", text: `“${name}” is encrypted. Its password opens it here, in this browser.` }),
    h("label", { className: "form-field" }, h("span", { className: "form-label", text: "Password" }), input),
    reason,
    h("div", { className: "form-actions" }, open, cancel));
  dialog.replaceChildren(form);
  dialog.dataset.state = incorrect ? "incorrect" : "needed";

  return new Promise((resolve) => {
    let answer = /** @type {string | null} */ (null);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!input.value) {
        reason.textContent = "Type the password, or Cancel.";
        reason.hidden = false;
        return;
      }
      answer = input.value;
      dialog.close();
    });
    cancel.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      delete dialog.dataset.state;
      resolve(answer);
    }, { once: true });
    dialog.showModal();
    input.focus();
  });
}
