import { describe, expect, test } from "vitest";
import { bound } from "../../src/bound/index.js";
import type { BoundText } from "../../src/bound/types.js";
import { shapeCommandOutput } from "../../src/run/command-output.js";

const whole = (text: string): BoundText => ({
  head: text, tail: "", text, truncated: false, totalBytes: text.length, totalLines: 1, omittedBytes: 0, omittedLines: 0, shown: [],
});
const parts = (shaped: BoundText): string => shaped.head + (shaped.marker ?? "") + shaped.tail;

describe("shapeCommandOutput", () => {
  test.each([
    ["hello\n", "hello"],
    ["hello\r\n\n\n", "hello"],
    ["a\n\nb", "a\n\nb"],
    ["", "(no output)"],
    ["\n\r\n", "(no output)"],
  ])("%j → %j", (input, expected) => {
    const shaped = shapeCommandOutput(whole(input));
    expect(shaped.text).toBe(expected);
    expect(parts(shaped)).toBe(expected);
  });

  test("a cut output loses its final newline from the tail; the parts still make the text", () => {
    const cut = bound(`${Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n")}\n`, { budget: { maxLines: 10, maxBytes: 51200 } });
    expect(cut.truncated).toBe(true);
    const shaped = shapeCommandOutput(cut);
    expect(shaped.text).toBe(cut.text.slice(0, -1));
    expect(shaped.text.endsWith("line 99")).toBe(true);
    expect(parts(shaped)).toBe(shaped.text);
    expect(shaped.marker).toBe(cut.marker);
  });

  test("when only the head is kept, the newline after the marker goes", () => {
    const cut = bound(`${"x\n".repeat(100)}`, { budget: { maxLines: 6, maxBytes: 51200 }, keep: "head" });
    const shaped = shapeCommandOutput(cut);
    expect(shaped.text).toBe(cut.text.replace(/\n+$/, ""));
    expect(parts(shaped)).toBe(shaped.text);
  });
});
