// 32 processes writing, reading and collecting at once on one store: nothing lost, no half-written record read.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { readTombstone } from "../../src/spill/tombstones.js";
import { SpillStore } from "../../src/spill/store.js";
import { addOutput } from "../spill/helpers.js";
import { markerId, startCorrex, type BinaryResult } from "../spill/run-binary.js";

const WRITERS = 16;
const base = fs.mkdtempSync(path.join(tmpdir(), "correx-concurrency-"));
const dir = path.join(base, "store");

/** A distinct ~2 MiB log for writer `index`. */
function writeInput(index: number): { file: string; sha256: string; size: number } {
  const lines = Array.from({ length: 30_000 }, (_, line) => `writer ${index} line ${line + 1} ${"payload ".repeat(5)}`);
  const content = Buffer.from(`${lines.join("\n")}\nwriter ${index} done\n`);
  const file = path.join(base, `input-${index}.txt`);
  fs.writeFileSync(file, content);
  return { file, sha256: createHash("sha256").update(content).digest("hex"), size: content.length };
}

/** Reads every record in the store over and over while `until` is pending; returns how many it parsed. */
async function readRecordsUntil(until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  let parsed = 0;
  while (!done) {
    for (const name of fs.readdirSync(dir).filter((entry) => entry.endsWith(".json"))) {
      let text: string;
      try {
        text = fs.readFileSync(path.join(dir, name), "utf8");
      } catch {
        continue; // removed by a collector meanwhile
      }
      expect(() => JSON.parse(text), `half-written record ${name}`).not.toThrow();
      parsed += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return parsed;
}

describe("32 processes on one store", () => {
  test("writers, readers and collectors at once lose nothing", async () => {
    const store = new SpillStore(dir);
    store.prepare();
    const expired = Array.from({ length: 20 }, () => addOutput(store, Date.now() - 8 * 86_400_000, "old\n"));
    const inputs = Array.from({ length: 2 * WRITERS }, (_, index) => writeInput(index));
    const bound = (index: number): Promise<BinaryResult> =>
      startCorrex(["bound", "--for", "model", "--max-lines", "50", "--spill-dir", dir], { inputFile: inputs[index]!.file });

    // Round 1: 16 writers, 8 listers, 8 collectors racing to remove the same expired outputs.
    const round1 = Promise.all([
      Promise.all(Array.from({ length: WRITERS }, (_, index) => bound(index))),
      Promise.all(Array.from({ length: 8 }, () => startCorrex(["ls", "--format", "json", "--spill-dir", dir]))),
      Promise.all(Array.from({ length: 8 }, () => startCorrex(["gc", "--format", "json", "--spill-dir", dir]))),
    ]);
    const [[written1, listed, collected], parsed1] = await Promise.all([round1, readRecordsUntil(round1)]);
    for (const result of [...written1, ...listed, ...collected]) expect(result).toMatchObject({ status: 0, stderr: "" });
    for (const result of listed) {
      for (const output of JSON.parse(result.stdout).outputs) expect(["stored", "being-written"]).toContain(output.status);
    }
    const removedByAll = collected.flatMap((result) => JSON.parse(result.stdout).removed.map((removal: { id: string }) => removal.id));
    expect(new Set(removedByAll)).toEqual(new Set(expired));
    const ids1 = written1.map((result) => markerId(result.stdout));

    // Round 2: 16 more writers, 8 readers and 8 searchers of round 1's outputs, and a collector in between.
    const round2 = Promise.all([
      Promise.all(Array.from({ length: WRITERS }, (_, index) => bound(WRITERS + index))),
      Promise.all(Array.from({ length: 8 }, (_, index) => startCorrex(["read", ids1[index]!, "--offset", "30001", "--spill-dir", dir]))),
      Promise.all(Array.from({ length: 7 }, (_, index) => startCorrex(["grep", ids1[8 + index]!, "done$", "--spill-dir", dir]))),
      startCorrex(["gc", "--spill-dir", dir]),
    ]);
    const [[written2, read, searched, lastGc], parsed2] = await Promise.all([round2, readRecordsUntil(round2)]);
    for (const result of [...written2, ...read, ...searched, lastGc]) expect(result).toMatchObject({ status: 0, stderr: "" });
    read.forEach((result, index) => expect(result.stdout).toContain(`30001: writer ${index} done\n</content>\n(End of file - total 30001 lines)`));
    searched.forEach((result, index) => expect(result.stdout).toBe(`Found 1 match\nLine 30001: writer ${8 + index} done\n`));
    expect(parsed1 + parsed2).toBeGreaterThan(0);

    // Nothing lost: every output byte for byte with its record; every expired one has its tombstone.
    const ids = [...ids1, ...written2.map((result) => markerId(result.stdout))];
    expect(new Set(ids).size).toBe(2 * WRITERS);
    ids.forEach((id, index) => {
      expect(store.readRecord(id)).toMatchObject({ id, size: inputs[index]!.size, sha256: inputs[index]!.sha256, lines: 30_001 });
      expect(createHash("sha256").update(fs.readFileSync(store.dataPath(id))).digest("hex")).toBe(inputs[index]!.sha256);
    });
    for (const id of expired) expect(readTombstone(store, id)?.reason).toBe("expired");
    const leftovers = fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"));
    expect(leftovers).toEqual([]);
  }, 120_000);
});
