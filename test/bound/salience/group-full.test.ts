// A salient line that is the last continuation a group can take (its tenth) joins it and closes it: the group keeps
// the higher of the two scores. On the byte path and the line path alike, this was an internal error
// ("Cannot read properties of undefined (reading 'score')").
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";

const TRACE = [
  "Error: first failure",
  ...Array.from({ length: 9 }, (_, index) => `  at f${index} (src/f${index}.js:${index + 1}:1)`),
  "  TypeError: the tenth line under it is salient too",
  "done",
];
const padding = (count: number): string[] => Array.from({ length: count }, (_, index) => `padding line ${index} of the output`);

describe("a group that takes its last continuation line", () => {
  test.each([
    ["the line path (the window's lines)", [...padding(300), ...TRACE, ...padding(300)]],
    ["the byte path (lines that left the tail ring)", [...padding(3000), ...TRACE, ...padding(30000)]],
  ])("%s: the salient tenth line joins the group, which is kept", (_path, lines) => {
    const result = bound(`${lines.join("\n")}\n`, { budget: { maxLines: 100, maxBytes: 51200 } });
    expect(result.text).toContain("Error: first failure");
    expect(result.text).toContain("TypeError: the tenth line under it is salient too");
  });
});
