// JSON that is UTF-16 (PowerShell's Out-File and `>` write UTF-16LE with a byte order mark): a forced structured
// shape said "malformed JSON at line 1, column 1: expected a value, found "\ufffd"", nothing saying why; it now says
// the input is UTF-16 and how to convert it. `--from auto` still reads it as text (transcoded, as SPEC §2 has it; as
// binary output without a byte order mark), but says so with the same advice: it said nothing, and normalize or lower
// gave an MCP result's JSON as the tool's text, its isError lost (found by the QA sweep).
import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { normalizeBytes } from "../../src/cli/normalize-command.js";
import { InputError } from "../../src/errors.js";
import { parseJsonBytes } from "../../src/normalize/json-input.js";
import { runCorrex } from "../spill/run-binary.js";

const JSON_TEXT = '{"content":[{"type":"text","text":"hi"}]}';

/** The text as UTF-16 bytes, little- or big-endian, with a byte order mark or without. */
function utf16(text: string, endian: "le" | "be", bom: boolean): Buffer {
  const le = Buffer.from(`${bom ? "\ufeff" : ""}${text}`, "utf16le");
  return endian === "le" ? le : le.swap16();
}

describe("parseJsonBytes of UTF-16", () => {
  test.each([
    ["little-endian with its mark (PowerShell)", utf16(JSON_TEXT, "le", true), "its byte order mark FF FE, little-endian", "UTF-16"],
    ["big-endian with its mark", utf16(JSON_TEXT, "be", true), "its byte order mark FE FF, big-endian", "UTF-16"],
    ["little-endian without a mark", utf16(JSON_TEXT, "le", false), "a NUL after each of its first characters: little-endian, no byte order mark", "UTF-16LE"],
    ["big-endian without a mark", utf16(JSON_TEXT, "be", false), "a NUL before each of its first characters: big-endian, no byte order mark", "UTF-16BE"],
  ])("%s is an InputError saying so and how to convert it", (_name, bytes, how, encoding) => {
    expect(() => parseJsonBytes(bytes)).toThrow(new InputError(`the input is UTF-16 (${how}), and JSON is read as UTF-8: convert it first (iconv -f ${encoding} -t UTF-8)`, "byte 0"));
  });

  test("UTF-8 JSON that is malformed is said as before", () => {
    expect(() => parseJsonBytes(Buffer.from('{"a":'))).toThrow(new InputError("malformed JSON at line 1, column 6: unexpected end of input", "byte 5"));
  });
});

describe("correx normalize --from mcp of PowerShell's UTF-16", () => {
  test("exit 65, the message says UTF-16 and the iconv that converts it, which then works", () => {
    const failed = runCorrex(["normalize", "--from", "mcp"], { input: utf16(JSON_TEXT, "le", true) });
    expect(failed.status).toBe(65);
    expect(failed.stderr).toBe("correx: the input is UTF-16 (its byte order mark FF FE, little-endian), and JSON is read as UTF-8: convert it first (iconv -f UTF-16 -t UTF-8) (at byte 0)\n");
    const iconv = spawnSync("iconv", ["-f", "UTF-16", "-t", "UTF-8"], { input: utf16(JSON_TEXT, "le", true) });
    expect(iconv.status).toBe(0);
    const converted = runCorrex(["normalize", "--from", "mcp"], { input: iconv.stdout });
    expect(JSON.parse(converted.stdout)).toMatchObject({ ok: true, data: "hi" });
  });
});

const CASES = [
  ["little-endian with its mark (PowerShell)", utf16(JSON_TEXT, "le", true), "its byte order mark FF FE, little-endian", "UTF-16"],
  ["big-endian with its mark", utf16(JSON_TEXT, "be", true), "its byte order mark FE FF, big-endian", "UTF-16"],
  ["little-endian without a mark", utf16(JSON_TEXT, "le", false), "a NUL after each of its first characters: little-endian, no byte order mark", "UTF-16LE"],
  ["big-endian without a mark", utf16(JSON_TEXT, "be", false), "a NUL before each of its first characters: big-endian, no byte order mark", "UTF-16BE"],
] as const;
const autoNote = (how: string, encoding: string) => `the input is JSON in UTF-16 (${how}), and JSON is read as UTF-8: it was not read as JSON; convert it first (iconv -f ${encoding} -t UTF-8)`;

describe("--from auto of UTF-16 JSON: read as before, and said", () => {
  test.each(CASES)("normalize and lower of %s warn with the iconv to run, and exit 0", (_name, bytes, how, encoding) => {
    for (const args of [["normalize"], ["lower", "--to", "anthropic", "--call-id", "toolu_1"]]) {
      const run = runCorrex([...args, "--no-spill"], { input: bytes });
      expect(run.status).toBe(0);
      expect(run.stderr).toBe(`correx: warning: ${autoNote(how, encoding)}\n`);
    }
  });

  test("with its mark the text is the JSON transcoded, as before; UTF-16 text that is no JSON, and bound, say nothing", () => {
    const normalized = runCorrex(["normalize", "--no-spill"], { input: utf16(JSON_TEXT, "le", true) });
    expect(JSON.parse(normalized.stdout)).toMatchObject({ ok: true, data: JSON_TEXT, meta: { source_shape: "text" } });
    const text = runCorrex(["normalize", "--no-spill"], { input: utf16("hello {world}\n", "le", true) });
    expect(text.stderr).toBe("");
    expect(JSON.parse(text.stdout)).toMatchObject({ ok: true, data: "hello {world}\n" });
    const bounded = runCorrex(["bound", "--no-spill"], { input: utf16(JSON_TEXT, "le", true) });
    expect(bounded.stderr).toBe("");
    expect(bounded.stdout).toBe(JSON_TEXT);
  });

  test("the library's normalizeBytes (a whole input) carries it in meta.notes", async () => {
    const result = await normalizeBytes(utf16(JSON_TEXT, "le", true), "auto");
    expect(result.meta?.notes).toEqual([autoNote("its byte order mark FF FE, little-endian", "UTF-16")]);
    expect(result.data).toBe(JSON_TEXT);
  });
});
