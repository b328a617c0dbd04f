// Reader preferences remembered across visits (localStorage), read and written defensively: storage can be
// disabled, full, or throw in a sandboxed frame, and the reader must work the same without it. Flags are
// `citelens.<key>` = "1" | "0"; `citelens.positions` maps a paper's keys to where it was left (page, zoom).

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

/** Papers whose reading position is remembered; the least recently read is forgotten first. */
const MAX_POSITIONS = 200;
const POSITIONS = `${PREFIX}positions`;

/**
 * @typedef {{page: number, zoom: number | string, t: number}} ReadingPosition
 *   zoom: a factor, or "auto" / "page-width"; t: when it was written (ms since the epoch)
 */

/** @returns {Record<string, ReadingPosition>} */
function readPositions() {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(POSITIONS) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * Where a paper was left, under the first of its keys that has one (its text hash, the PDF's fingerprint).
 * @param {(string | null | undefined)[]} keys
 * @returns {ReadingPosition | null}
 */
export function recallPosition(keys) {
  const positions = readPositions();
  for (const key of keys) {
    const found = key ? positions[key] : null;
    if (found && Number.isInteger(found.page) && found.page >= 1) return found;
  }
  return null;
}

/**
 * Remember where a paper is being read, under each of its keys.
 * @param {(string | null | undefined)[]} keys
 * @param {{page: number, zoom: number | string}} position
 */
export function rememberPosition(keys, position) {
  const positions = readPositions();
  const t = Date.now();
  for (const key of keys) if (key) positions[key] = { page: position.page, zoom: position.zoom, t };
  const kept = Object.entries(positions).sort((a, b) => b[1].t - a[1].t).slice(0, MAX_POSITIONS);
  try {
    globalThis.localStorage?.setItem(POSITIONS, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // not remembered; reading goes on
  }
}
