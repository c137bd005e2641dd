// The per-output cap holds for a text view as for the bytes as read: the streamed view (TextViewSink) and the one
// written whole (SpillStore.writeTextView) stop at the cap, where a character starts, and count what they left out.
import * as fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { TextViewSink } from "../../src/bound/text-view-sink.js";
import { makeStore } from "../spill/helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshStore() {
  const store = makeStore();
  dirs.push(store.dir);
  return store;
}

describe("TextViewSink under a cap", () => {
  test("writes up to the cap, cut before a character it would split, and counts the rest, held or streamed", () => {
    for (const openFirst of [true, false]) {
      const store = freshStore();
      const sink = new TextViewSink(10);
      const path = store.textViewPath("tool_01m8ywed4bn221cqkpadafznkv");
      if (openFirst) sink.open(path);
      sink.write(Buffer.from("abcdefgh")); // 8 bytes
      sink.write(Buffer.from("ié…")); // i (1), é (2), … (3): the cap falls inside é
      sink.write(Buffer.from("more text"));
      if (!openFirst) sink.open(path);
      const written = sink.close();
      expect(written).toEqual({ path, notSavedBytes: 5 + 9 });
      expect(fs.readFileSync(path, "utf8")).toBe("abcdefghi");
    }
  });

  test("a cap of whole characters and no cap at all write everything", () => {
    const store = freshStore();
    const text = "ligne été …\n".repeat(50);
    for (const [name, cap] of [["tool_01m8ywed4bn221cqkpadafzaaa", Buffer.byteLength(text)], ["tool_01m8ywed4bn221cqkpadafzbbb", undefined]] as const) {
      const sink = new TextViewSink(cap);
      sink.open(store.textViewPath(name));
      for (const piece of text.match(/[^]{1,7}/gu)!) sink.write(Buffer.from(piece));
      expect(sink.close()).toEqual({ path: store.textViewPath(name), notSavedBytes: 0 });
      expect(fs.readFileSync(store.textViewPath(name), "utf8")).toBe(text);
    }
  });
});

describe("SpillStore.writeTextView under a cap", () => {
  test("the text up to the cap, cut where a character starts; the bytes left out are said", () => {
    const store = freshStore();
    const written = store.writeTextView("tool_01m8ywed4bn221cqkpadafznkv", "ab€cd", 4); // € is 3 bytes: 2..4
    expect(written).toEqual({ path: store.textViewPath("tool_01m8ywed4bn221cqkpadafznkv"), notSavedBytes: 5 });
    expect(fs.readFileSync(store.textViewPath("tool_01m8ywed4bn221cqkpadafznkv"), "utf8")).toBe("ab");
    const whole = store.writeTextView("tool_01m8ywed4bn221cqkpadafzccc", "ab€cd");
    expect(whole).toEqual({ path: store.textViewPath("tool_01m8ywed4bn221cqkpadafzccc"), notSavedBytes: 0 });
    expect(fs.readFileSync(store.textViewPath("tool_01m8ywed4bn221cqkpadafzccc"), "utf8")).toBe("ab€cd");
  });
});
