// keepHeapSmall (`run`'s peak memory, issue 16): once called, V8's young generation no longer grows however many
// objects survive its collections; the same allocations grow it in a process where it was not called. The size
// of the space is read, never a time.
import { spawnSync } from "node:child_process";
import * as v8 from "node:v8";
import { expect, test } from "vitest";
import { keepHeapSmall } from "../../src/cli/small-heap.js";

/** Allocates ~200 MB of small objects, keeping the last 20,000 alive: every scavenge has survivors. */
const SURVIVORS = `
const kept = [];
for (let index = 0; index < 2_000_000; index += 1) {
  kept.push({ index, text: "line " + index });
  if (kept.length > 20_000) kept.splice(0, 10_000);
}`;

/** The young generation's size now (both semi-spaces), in bytes. */
const youngBytes = (): number => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!.space_size;

test("the same survivors grow the young generation where the heap is not kept small", () => {
  const script = `const v8 = require("node:v8"); const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
const before = size(); ${SURVIVORS}; console.log(JSON.stringify({ before, after: size() }));`;
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  const { before, after } = JSON.parse(result.stdout) as { before: number; after: number };
  expect(after).toBeGreaterThan(before);
});

test("keepHeapSmall: the young generation keeps its size", () => {
  keepHeapSmall();
  const before = youngBytes();
  new Function(SURVIVORS)();
  expect(youngBytes()).toBeLessThanOrEqual(before);
});
