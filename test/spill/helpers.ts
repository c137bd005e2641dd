// Test helpers: temporary stores and outputs fabricated at any time (ids carry their creation time).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { createId } from "../../src/spill/ids.js";
import { SpillStore, type SpillRecord } from "../../src/spill/store.js";

/** A fresh, prepared store in a new temporary directory. */
export function makeStore(): SpillStore {
  const store = new SpillStore(path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-store-")), "store"));
  store.prepare();
  return store;
}

/** Writes an output created at `created` (data and, unless `record` is false, its record); returns its id. */
export function addOutput(store: SpillStore, created: number, content: string | Buffer = "line 1\nline 2\n", options: { record?: boolean; fields?: Partial<SpillRecord> } = {}): string {
  const id = createId(created);
  const bytes = Buffer.from(content);
  fs.writeFileSync(store.dataPath(id), bytes, { mode: 0o600 });
  if (options.record !== false) {
    const lines = bytes.length === 0 ? 0 : bytes.toString("latin1").split("\n").length - (bytes[bytes.length - 1] === 10 ? 1 : 0);
    store.writeRecord({
      id, created: new Date(created).toISOString(), size: bytes.length, lines,
      sha256: createHash("sha256").update(bytes).digest("hex"), ...options.fields,
    });
    setModified(store.dataPath(id), created); // its data last written when it was saved (a later write is a change: ls, read)
  }
  return id;
}

/** Sets a file's modification time. */
export function setModified(file: string, time: number): void {
  fs.utimesSync(file, time / 1000, time / 1000);
}

/** The names in a directory, sorted (hidden ones included). */
export function listNames(dir: string): string[] {
  return fs.readdirSync(dir).sort();
}
