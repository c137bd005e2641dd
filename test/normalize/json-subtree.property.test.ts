// JsonSubtreeSkipper (src/normalize/json-subtree.ts) finds where a container ends, however it is cut into chunks: its
// strings' first SHORT_STRING_BYTES looked up byte by byte, the rest jumped to its end by indexOf, so strings around
// that length, escaped quotes and runs of backslashes on either side of the switch and of a cut are what it must get
// right. The end it gives is the one a whole parse finds.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { JsonSubtreeSkipper, SHORT_STRING_BYTES } from "../../src/normalize/json-subtree.js";

/** Strings of quotes, backslashes, brackets and letters, and runs of letters long enough to be searched by indexOf. */
const tricky = fc.array(fc.constantFrom('"', "\\", "\\\\", "[", "]", "{", "}", "a", "é", "\n", "x".repeat(SHORT_STRING_BYTES - 1)), { maxLength: SHORT_STRING_BYTES * 3, size: "max" }).map((parts) => parts.join(""));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small" }, tricky, fc.integer(), fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(tricky, tie("node"), { maxKeys: 4 })),
})).node;
const container = fc.oneof(fc.array(value, { maxLength: 5 }), fc.dictionary(tricky, value, { maxKeys: 5 }));

/** Where the skipper says the container that opens `bytes` ends, fed in chunks cut at `cuts`. */
function skippedEnd(bytes: Buffer, cuts: number[]): number {
  const skipper = new JsonSubtreeSkipper();
  skipper.start();
  const points = [...new Set([1, ...cuts.map((cut) => 1 + (cut % bytes.length)), bytes.length])].sort((a, b) => a - b);
  for (let at = 0; at + 1 < points.length; at += 1) {
    const chunk = bytes.subarray(points[at]!, points[at + 1]!);
    const end = skipper.skip(chunk, 0);
    if (end >= 0) return points[at]! + end;
  }
  return -1;
}

describe("JsonSubtreeSkipper", () => {
  test("any container, cut anywhere, ends where its JSON ends", () => {
    fc.assert(
      fc.property(container, fc.array(fc.nat(), { maxLength: 8 }), (tree, cuts) => {
        const json = Buffer.from(JSON.stringify(tree));
        expect(skippedEnd(Buffer.concat([json, Buffer.from(',"after":["x"]}')]), cuts)).toBe(json.length);
      }),
      { numRuns: 2000 },
    );
  });

  test("a string of exactly the short length, or one longer, ending in escaped backslashes before its quote", () => {
    for (let length = SHORT_STRING_BYTES - 3; length <= SHORT_STRING_BYTES + 3; length += 1) {
      for (const tail of ["\\", "\\\\\\", '"', '\\"']) {
        const json = Buffer.from(JSON.stringify(["a".repeat(length) + tail, "]"]));
        for (let cut = 1; cut < json.length; cut += 1) expect(skippedEnd(Buffer.concat([json, Buffer.from("]")]), [cut - 1])).toBe(json.length);
      }
    }
  });
});
