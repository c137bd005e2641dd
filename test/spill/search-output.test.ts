// Searching stored outputs with context lines (correx grep -C, the MCP grep_output tool), one or the newest few.
import { describe, expect, test } from "vitest";
import { compilePattern } from "../../src/spill/pattern.js";
import { searchOutput, searchRecentOutputs } from "../../src/spill/search-output.js";
import { addOutput, makeStore } from "./helpers.js";

const numbered = (count: number, special: Record<number, string> = {}): string =>
  Array.from({ length: count }, (_, index) => special[index + 1] ?? `line ${index + 1}`).join("\n") + "\n";

const options = { max: 50, maxBytes: 51200, raw: false };
const error = compilePattern("error", { ignoreCase: false, fixed: false });

describe("searchOutput with context", () => {
  test("context lines around each match, `--` between places, a shared line shown once", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now(), numbered(30, { 5: "error one", 7: "error two", 20: "error three" }));
    const found = searchOutput(store, id, { ...options, pattern: error, context: 2 });
    expect(found.text).toBe(
      [
        "Found 3 matches",
        "Line 3- line 3", "Line 4- line 4", "Line 5: error one", "Line 6- line 6",
        "Line 7: error two", "Line 8- line 8", "Line 9- line 9",
        "--",
        "Line 18- line 18", "Line 19- line 19", "Line 20: error three", "Line 21- line 21", "Line 22- line 22",
      ].join("\n") + "\n",
    );
    expect(found.matches.map((match) => match.line)).toEqual([5, 7, 20]);
  });

  test("context stops at the first and the last line; without context the text is grep's", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now(), numbered(3, { 1: "error", 3: "error" }));
    expect(searchOutput(store, id, { ...options, pattern: error, context: 5 }).text).toBe("Found 2 matches\nLine 1: error\nLine 2- line 2\nLine 3: error\n");
    expect(searchOutput(store, id, { ...options, pattern: error, context: 0 }).text).toBe("Found 2 matches\nLine 1: error\nLine 3: error\n");
  });

  test("escape sequences are cleaned in context lines as in matches", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now(), "\x1b[31mred\x1b[0m\nerror here\n");
    expect(searchOutput(store, id, { ...options, pattern: error, context: 1 }).text).toBe("Found 1 match\nLine 1- red\nLine 2: error here\n");
  });
});

describe("searchRecentOutputs", () => {
  test("searches the newest outputs, newest first, and names the ones that matched", () => {
    const store = makeStore();
    const now = Date.now();
    const old = addOutput(store, now - 3000, "error in old\n", { fields: { command: "make old" } });
    addOutput(store, now - 2000, "all fine\n");
    const recent = addOutput(store, now - 1000, "error in new\n", { fields: { command: "make new" } });
    const found = searchRecentOutputs(store, 20, { ...options, pattern: error, context: 0 });
    expect(found.searched).toBe(3);
    expect(found.results.map((result) => result.id)).toEqual([recent, old]);
    expect(found.text).toContain(`== ${recent} (make new, `);
    expect(found.text.indexOf(recent)).toBeLessThan(found.text.indexOf(old));
    expect(searchRecentOutputs(store, 1, { ...options, pattern: error, context: 0 }).results.map((result) => result.id)).toEqual([recent]);
  });

  test("nothing found says how many outputs were searched", () => {
    const store = makeStore();
    addOutput(store, Date.now(), "quiet\n");
    expect(searchRecentOutputs(store, 20, { ...options, pattern: error, context: 0 }).text).toBe("No matches found in the 1 newest stored outputs\n");
  });
});
