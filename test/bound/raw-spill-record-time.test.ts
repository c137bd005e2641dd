// The record of a saved output says when it was saved, in UTC, without Date#toISOString: the first call of it in a
// process sets up V8's local-time cache (it reads /etc/localtime; ~1 ms of CPU at the end of every saved output).
import * as fs from "node:fs";
import { afterEach, expect, test, vi } from "vitest";
import { RawSpill } from "../../src/bound/raw-spill.js";
import { makeStore } from "../spill/helpers.js";

const stores: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of stores.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test("the record's creation time is the save's, as toISOString writes it, written without a Date", () => {
  const store = makeStore();
  stores.push(store.dir);
  const spill = new RawSpill({ store }, undefined);
  const line = Buffer.from("a line of output\n");
  for (let size = 0; size < 2 * 1024 * 1024; size += line.length) spill.keep(line);
  const toISOString = vi.spyOn(Date.prototype, "toISOString");
  const before = Date.now();
  const saved = spill.saveRecord("the projection\n", spill.save(2 * 1024 * 1024), { source_shape: "text" }, 123_362);
  const after = Date.now();
  expect(saved.kind).toBe("saved");
  expect(toISOString).not.toHaveBeenCalled();
  const created = store.readRecord((saved as { id: string }).id).created;
  expect(created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const time = Date.parse(created);
  expect(time).toBeGreaterThanOrEqual(before);
  expect(time).toBeLessThanOrEqual(after);
  expect(new Date(time).toISOString()).toBe(created);
});
