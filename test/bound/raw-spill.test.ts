// RawSpill leaves nothing behind and removes each file it made once: no unlink for a text view that was never
// written (plain text) or was already removed with its stream.
import * as fs from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { RawSpill } from "../../src/bound/raw-spill.js";
import { makeStore } from "../spill/helpers.js";

const removed: string[] = [];
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const unlinkSync = (file: fs.PathLike): void => {
    removed.push(String(file));
    actual.unlinkSync(file);
  };
  const rmSync = (file: fs.PathLike, options?: fs.RmOptions): void => {
    removed.push(String(file));
    actual.rmSync(file, options);
  };
  return { ...actual, default: { ...actual, unlinkSync, rmSync }, unlinkSync, rmSync };
});

const stores: string[] = [];
afterEach(() => {
  for (const dir of stores.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  removed.length = 0;
});

/** A RawSpill over a fresh store that kept `bytes` of lines (past the memory it holds: a spill file is open). */
function kept(bytes: number, streamTextView = false): { spill: RawSpill; dir: string } {
  const store = makeStore();
  stores.push(store.dir);
  const spill = new RawSpill({ store }, undefined);
  if (streamTextView) spill.streamTextView();
  const line = Buffer.from("a line of output\n");
  for (let size = 0; size < bytes; size += line.length) spill.keep(line);
  return { spill, dir: store.dir };
}

describe("RawSpill.discard", () => {
  test("plain text, saved then discarded: the data and its index are removed, once each, and nothing else is tried", () => {
    const { spill, dir } = kept(2 * 1024 * 1024);
    expect(spill.save(2 * 1024 * 1024).kind).toBe("saved");
    removed.length = 0;
    spill.discard();
    expect(removed.map((file) => file.slice(dir.length + 1).replace(/^[^.]+/, "ID"))).toEqual(["ID", "ID.idx"]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("a derived text view written whole at save is removed with the data", () => {
    const { spill, dir } = kept(2 * 1024 * 1024);
    spill.derivedText = "the text\n";
    expect(spill.save(2 * 1024 * 1024)).toMatchObject({ kind: "saved", textPath: expect.stringMatching(/\.text$/) });
    removed.length = 0;
    spill.discard();
    expect(removed.map((file) => file.slice(dir.length + 1).replace(/^[^.]+/, "ID")).sort()).toEqual(["ID", "ID.idx", "ID.text"]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("a streamed text view is removed once, by its stream", () => {
    const { spill, dir } = kept(2 * 1024 * 1024, true);
    spill.textView!.write(Buffer.from("the text\n"));
    expect(spill.save(2 * 1024 * 1024).kind).toBe("saved");
    removed.length = 0;
    spill.discard();
    expect(removed.map((file) => file.slice(dir.length + 1).replace(/^[^.]+/, "ID")).sort()).toEqual(["ID", "ID.idx", "ID.text"]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe("RawSpill text view of transcoded text (UTF-16 input)", () => {
  test("started after the spill file opened (a first read past the memory share), it is opened at once and saved whole", () => {
    const { spill } = kept(2 * 1024 * 1024);
    spill.streamTextView(false);
    spill.textView!.write(Buffer.from("ligne été\n"));
    const saved = spill.save(2 * 1024 * 1024);
    expect(saved).toMatchObject({ kind: "saved", textPath: expect.stringMatching(/\.text$/) });
    if (saved.kind !== "saved") return;
    expect(fs.readFileSync(saved.textPath!, "utf8")).toBe("ligne été\n");
    // saved again (a refused budget keeps the whole output): the same view, not a failure
    expect(spill.save(2 * 1024 * 1024)).toMatchObject({ kind: "saved", textPath: saved.textPath });
  });

  test("no store: no view is started (nothing is held for it)", () => {
    const spill = new RawSpill(undefined, undefined);
    spill.streamTextView(false);
    expect(spill.textView).toBeUndefined();
  });
});
