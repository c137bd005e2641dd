// boundStructured never cuts a string into a longer one: its note ("… [correx: N characters cut here; full result:
// read_output id=tool_…] …", ~100 characters) must take less room than what it cuts out. Before, a string of up to
// ~100 characters more than the room became longer, and a URL so cut broke the tool's outputSchema (format "uri"):
// the SDK client, which checks structuredContent against it, rejected the whole call (-32602).
import { describe, expect, test } from "vitest";
import { boundStructured } from "../../src/mcp/structured-bound.js";

const none = new Set<string>();
const WHERE = "full result: read_output id=tool_01m90rhaarn1sv0eafw7gq3kbr";
const URL = "https://docs.example.com/guides/model-context-protocol/transports/streamable-http/session-management?section=0#resumability";

/** Every string of the cut value that is not its original. */
function changedStrings(before: unknown, after: unknown, found: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof before === "string") {
    if (before !== after) found.push([before, String(after)]);
  } else if (Array.isArray(before) && Array.isArray(after)) {
    // the items kept are the first and the last ones
    const half = Math.ceil(after.length / 2);
    after.forEach((item, index) => changedStrings(index < half ? before[index] : before[before.length - after.length + index], item, found));
  } else if (before && typeof before === "object" && after && typeof after === "object") {
    for (const key of Object.keys(before)) changedStrings((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], found);
  }
  return found;
}

describe("boundStructured: a cut string is shorter than the string", () => {
  test("search results at a small budget: the snippets are cut, the URLs (format uri) stay whole", () => {
    const results = Array.from({ length: 5 }, (_, index) => ({ url: URL.replace("section=0", `section=${index}`), title: `Result ${index}`, snippet: `snippet ${index} `.repeat(500) }));
    const bound = boundStructured({ results }, { maxBytes: 1800, where: WHERE, media: none, dropped: none });
    expect(Buffer.byteLength(JSON.stringify(bound.value))).toBeLessThanOrEqual(1800);
    const changed = changedStrings({ results }, bound.value);
    expect(changed.length).toBeGreaterThan(0);
    for (const [before, after] of changed) expect(before.startsWith("snippet"), `${before.slice(0, 40)} became ${after}`).toBe(true);
  });

  test.each([100, 1000, 5000])("whatever the room, no string comes out longer (%i bytes)", (maxBytes) => {
    const value = { items: Array.from({ length: 40 }, (_, index) => ({ id: `${"x".repeat(60 + index * 4)}`, text: "t".repeat(3000) })) };
    const bound = boundStructured(value, { maxBytes, where: WHERE, media: none, dropped: none });
    for (const [before, after] of changedStrings(value, bound.value)) expect(after.length).toBeLessThan(before.length);
  });
});
