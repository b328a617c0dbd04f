// One object store of one IndexedDB database, as the caches use it (analyses: cache.js; look-ups:
// resolver.js): every call resolves, none throws. A database that cannot be opened (storage disabled, a
// private window that refuses IndexedDB, a quota error) gives null to every request: a cache that misses.

export class SafeStore {
  /** @type {Promise<IDBDatabase | null> | null} */
  #db = null;
  #name;
  #version;
  #store;
  #upgrade;
  #warn;

  /**
   * @param {{name: string, version: number, store: string,
   *          upgrade: (db: IDBDatabase) => void, warn: (error: any) => void}} options
   *   upgrade: creates the store (and its indexes) when the database is new or older
   */
  constructor({ name, version, store, upgrade, warn }) {
    this.#name = name;
    this.#version = version;
    this.#store = store;
    this.#upgrade = upgrade;
    this.#warn = warn;
  }

  /**
   * One request in its own transaction; resolves to its result (or `true` when `done` is asked and the
   * transaction committed), or null on any failure.
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore) => IDBRequest | null} request  null: nothing asked (only with `done`)
   * @param {boolean} [done]
   */
  async run(mode, request, done = false) {
    const db = await this.#open();
    if (!db) return null;
    return new Promise((resolve) => {
      try {
        const tx = db.transaction(this.#store, mode);
        const req = request(tx.objectStore(this.#store));
        if (done) tx.oncomplete = () => resolve(true);
        else if (req) req.onsuccess = () => resolve(req.result ?? null);
        else resolve(null);
        tx.onabort = tx.onerror = () => resolve(null);
      } catch (error) {
        this.#warn(error);
        resolve(null);
      }
    });
  }

  #open() {
    this.#db ??= new Promise((resolve) => {
      try {
        const req = indexedDB.open(this.#name, this.#version);
        req.onupgradeneeded = () => this.#upgrade(req.result);
        req.onsuccess = () => {
          const db = req.result;
          // Another tab upgrading the schema: step aside rather than block it.
          db.onversionchange = () => db.close();
          resolve(db);
        };
        req.onerror = req.onblocked = () => {
          this.#warn(req.error);
          resolve(null);
        };
      } catch (error) {
        this.#warn(error);
        resolve(null);
      }
    });
    return this.#db;
  }
}
