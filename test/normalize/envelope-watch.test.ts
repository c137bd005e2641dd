// The streaming envelope check: the same verdict however the bytes are split, as early as the keys allow.
import { describe, expect, test } from "vitest";
import { EnvelopeWatch } from "../../src/normalize/envelope-watch.js";

function verdictOf(text: string, splitEvery: number): string {
  const watch = new EnvelopeWatch();
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; offset += splitEvery) watch.write(bytes.subarray(offset, offset + splitEvery));
  return watch.verdict;
}

describe("EnvelopeWatch", () => {
  test.each([
    ['{"content":[{"type":"text","text":"a \\"name\\": b"}],"isError":false}', "complete"],
    [' {"type":"json","value":{"name":1,"other":[{"x":2}]}}', "complete"],
    ['[{"content":1}]', "not-envelope"],
    ['{"ok":false,"error":"invalid_auth"}', "not-envelope"],
    ['{"content":[{"type":"text","text":"x"}],"name_of_something_else":1', "not-envelope"],
  ])("%j → %s, whatever the chunks", (text, verdict) => {
    for (const split of [1, 2, 3, 7, 1000]) expect(verdictOf(text, split)).toBe(verdict);
  });

  test("an array is not an envelope from its first byte", () => {
    const watch = new EnvelopeWatch();
    expect(watch.write(Buffer.from("["))).toBe("not-envelope");
  });
});
