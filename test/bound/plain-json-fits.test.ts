// JSON that fits comes back byte for byte on the model projection, even where the text hygiene would change it:
// DEL and C1 characters a JSON string may hold raw, CRLF line ends. Anything else keeps the hygiene.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { boundInput } from "../../src/cli/bound-input.js";
import type { RawOptions } from "../../src/cli/options.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-plain-json-fits-"));
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

async function bound(input: Buffer, options: RawOptions = {}): Promise<string> {
  const result = await boundInput({ spillDir, ...options }, once(input), { stdoutIsTTY: false, columns: undefined, env: {} });
  if (!("text" in result)) throw new Error("no batch expected");
  return result.text;
}

describe("JSON that fits, on the model projection", () => {
  test.each([
    ["a key that is DEL", '{"\x7f":""}'],
    ["a C1 control (CSI) in a string", '{"a":"\u009b31m"}\n'],
    ["CRLF line ends", '{\r\n  "a": 1,\r\n  "b": [true, null]\r\n}\r\n'],
  ])("%s: byte for byte, nothing saved", async (_name, json) => {
    expect(await bound(Buffer.from(json))).toBe(json);
    expect(readdirSync(spillDir)).toEqual([]);
  });

  test("any JSON value that fits, printed any way, with any characters", async () => {
    const printed = fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(undefined, 2, "\t"), fc.boolean(), fc.boolean());
    await fc.assert(
      fc.asyncProperty(printed, async ([value, space, crlf, newline]) => {
        if (value === null || typeof value !== "object") return;
        let json = JSON.stringify(value, null, space) + (newline ? "\n" : "");
        if (crlf) json = json.replaceAll("\n", "\r\n");
        if (Buffer.byteLength(json) > 20_000 || json.split("\n").length > 1000) return;
        expect(await bound(Buffer.from(json))).toBe(json);
      }),
      { numRuns: 300, seed: 20261201, endOnFailure: true },
    );
  });

  test("text that only starts like JSON keeps the hygiene on its other lines", async () => {
    expect(await bound(Buffer.from('{"a": 1}\n\x1b[31mred\x1b[0m\n'))).toBe('{"a": 1}\nred\n');
  });

  test("the terminal projection cleans JSON as any text", async () => {
    expect(await bound(Buffer.from('{"\x7f":""}'), { for: "terminal" })).not.toContain("\x7f");
  });
});
