// Reader preferences remembered across visits (localStorage), read and written defensively: storage can be
// disabled, full, or throw in a sandboxed frame, and the reader must work the same without it.

const PREFIX = "citelens.";

/**
 * @param {string} key
 * @param {boolean} fallback
 * @returns {boolean}
 */
export function readFlag(key, fallback) {
  try {
    const value = globalThis.localStorage?.getItem(PREFIX + key);
    return value === null || value === undefined ? fallback : value === "1";
  } catch {
    return fallback;
  }
}

/**
 * @param {string} key
 * @param {boolean} value
 */
export function writeFlag(key, value) {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, value ? "1" : "0");
  } catch {
    // not remembered; the current session still uses the value
  }
}
