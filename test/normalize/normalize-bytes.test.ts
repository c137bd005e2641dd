import { describe, expect, test } from "vitest";
import { normalizeBytes } from "../../src/cli/normalize-command.js";
import { InputError } from "../../src/errors.js";
import { loadShape } from "./helpers.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

async function rejection(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe("normalizeBytes", () => {
  test("auto: text that is not JSON is text, malformed JSON-looking text too", async () => {
    expect(await normalizeBytes(utf8("build ok\n"), "auto")).toEqual({ ok: true, data: "build ok\n", meta: { source_shape: "text" } });
    expect(await normalizeBytes(utf8("[INFO] starting server\n"), "auto")).toEqual({ ok: true, data: "[INFO] starting server\n", meta: { source_shape: "text" } });
    expect(await normalizeBytes(utf8("42\n"), "auto")).toEqual({ ok: true, data: "42\n", meta: { source_shape: "text" } });
  });

  test("auto: JSON broken past its first bytes is text with a note saying where (a JSON-looking prefix held whole)", async () => {
    const text = `{"content":[{"type":"text","text":"${"x".repeat(70_000)}"}], "isError": fals}`;
    expect(await normalizeBytes(utf8(text), "auto")).toEqual({
      ok: true, data: text, meta: { source_shape: "text", notes: ['malformed JSON at line 1, column 70052: expected a value, found "fals": read as text'] },
    });
    const lines = '{"level":"info","msg":"started"}\n{"level":"warn","msg":"slow"}\n';
    expect(await normalizeBytes(utf8(lines), "auto")).toEqual({ ok: true, data: lines, meta: { source_shape: "text" } });
  });

  test("auto: JSON is parsed and its shape detected", async () => {
    const input = JSON.stringify(loadShape("anthropic-string"), null, 2);
    expect(await normalizeBytes(utf8(`\n  ${input}\n`), "auto")).toEqual({
      ok: true,
      data: "15 degrees",
      meta: { source_shape: "anthropic", call_id: "toolu_01A09q90qw90lq917835lq9" },
    });
  });

  test("text decoding: UTF-8 BOM dropped, invalid bytes as U+FFFD, UTF-16 with a BOM transcoded", async () => {
    expect((await normalizeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]), "auto")).data).toBe("hi");
    expect((await normalizeBytes(new Uint8Array([0x61, 0xff, 0x62]), "text")).data).toBe("a\uFFFDb");
    expect((await normalizeBytes(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]), "auto")).data).toBe("hi");
  });

  test("auto: JSON over the parse cap is text, and the output says so", async () => {
    const bytes = utf8(JSON.stringify({ content: [{ type: "text", text: "x".repeat(100) }] }));
    expect(await normalizeBytes(bytes, "auto", { maxJsonBytes: 64 })).toEqual({
      ok: true,
      data: new TextDecoder().decode(bytes),
      meta: { source_shape: "text", notes: ["input is 139 B, over the 64 B limit for parsing JSON: read as text"] },
    });
  });

  test("auto: JSON nested 100,000 deep is text with a note, without crashing", async () => {
    const text = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const result = await normalizeBytes(utf8(text), "auto");
    expect(result).toEqual({ ok: true, data: text, meta: { source_shape: "text", notes: ["JSON nested deeper than 1000 levels (byte 1000): read as text"] } });
    expect(JSON.stringify(result).length).toBeGreaterThan(200_000);
  });

  test("forced text never parses", async () => {
    expect(await normalizeBytes(utf8('{"ok":true,"data":1}'), "text")).toEqual({ ok: true, data: '{"ok":true,"data":1}', meta: { source_shape: "text" } });
  });

  test("forced json parses scalars too", async () => {
    expect(await normalizeBytes(utf8(" 42 "), "json")).toEqual({ ok: true, data: 42, meta: { source_shape: "json" } });
  });

  test("forced structured shape on non-JSON or malformed JSON: InputError at a byte offset", async () => {
    expect((await rejection(normalizeBytes(utf8("total 8\n"), "mcp"))).where).toBe("byte 0");
    expect((await rejection(normalizeBytes(utf8('{"content": [1, ]}'), "mcp"))).where).toBe("byte 16");
    expect((await rejection(normalizeBytes(utf8(""), "json"))).where).toBe("byte 0");
  });

  test("forced shape that does not match: InputError at the JSON path", async () => {
    const error = await rejection(normalizeBytes(utf8('{"content":[{"type":"text","text":"a"},{"type":"image","data":"AA=="}]}'), "mcp"));
    expect(error.where).toBe("$.content[1].mimeType");
    expect(error.message).toBe("not a mcp tool result: expected a string, found nothing (at $.content[1].mimeType)");
  });

  test("forced: deep JSON and JSON over the cap are InputErrors", async () => {
    expect((await rejection(normalizeBytes(utf8(`${"[".repeat(5000)}${"]".repeat(5000)}`), "json"))).where).toBe("byte 1000");
    expect((await rejection(normalizeBytes(utf8("[1, 2, 3, 4]"), "json", { maxJsonBytes: 4 }))).where).toBe("byte 4");
  });
});
