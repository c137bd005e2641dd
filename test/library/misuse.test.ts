// What a harness gets wrong with the library, and what it is told: a write to a session after finish() (its late
// bytes were taken silently, and the second finish() rewrote the saved record with a line count the saved file did not
// hold), finish() twice (in a finally), bound() given a stream or a promise instead of the output, project() given the
// tool's text instead of a ToolResult (it projected "Error"), normalize() given the bytes read (the model got the
// JSON of a Buffer, its byte values).
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { bound, BoundSession, BudgetTooSmallError, InputError, lower, normalize, parseJsonBytes, project, resolveBoundOptions, SpillStore, type ToolResult, UsageError } from "../../src/index.js";

const lines = (count: number): Buffer => Buffer.from(Array.from({ length: count }, (_, index) => `line ${index}\n`).join(""));

describe("BoundSession: one output a session", () => {
  test("a write after finish() throws UsageError, and the saved output and its record stay as the first finish() left them", () => {
    const store = new SpillStore(join(fs.mkdtempSync(join(tmpdir(), "correx-session-misuse-")), "store"));
    const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 5, maxBytes: 4096 } }), { store });
    session.write(lines(100));
    const first = session.finish();
    expect(first.spill?.kind).toBe("saved");
    const id = first.spill?.kind === "saved" ? first.spill.id : "";
    const record = fs.readFileSync(store.recordPath(id), "utf8");
    expect(() => session.write(Buffer.from("late line\n"))).toThrow(UsageError);
    expect(() => session.write(Buffer.from("late line\n"))).toThrow(/^BoundSession\.write after finish\(\): .* start a new BoundSession for the next output$/);
    expect(session.finish()).toBe(first);
    expect(fs.readFileSync(store.recordPath(id), "utf8")).toBe(record);
    expect(JSON.parse(record)).toMatchObject({ lines: 100, size: lines(100).length });
  });

  test("finish() again after a refusal throws the same BudgetTooSmallError", () => {
    const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 1, maxBytes: 4096 } }));
    session.write(lines(100));
    let thrown: unknown;
    try {
      session.finish();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BudgetTooSmallError);
    expect(() => session.finish()).toThrow(thrown as Error);
  });

  test("a chunk that is not bytes (a string) is a UsageError naming what it was", () => {
    const session = new BoundSession(resolveBoundOptions({}));
    expect(() => session.write("line 1\n" as unknown as Uint8Array)).toThrow("BoundSession.write takes a Buffer or a Uint8Array, not a string");
  });
});

describe("bound(): the whole output, as a string or bytes", () => {
  test.each([
    ["a Node stream", (): unknown => Readable.from(["line 1\n"]), "a Node stream (write each chunk to a BoundSession, then finish())"],
    ["a web stream", (): unknown => new Blob(["line 1\n"]).stream(), "a web ReadableStream (write each chunk to a BoundSession, then finish())"],
    ["a promise", (): unknown => Promise.resolve("line 1\n"), "a Promise (await it first)"],
    ["undefined", (): unknown => undefined, "undefined"],
    ["null", (): unknown => null, "null"],
  ])("%s is a UsageError that says what to do", (_name, make, said) => {
    expect(() => bound(make() as string)).toThrow(new UsageError(`bound() takes the whole output as a string or a Uint8Array, not ${said}`));
  });
});

describe("project() and lower(): a ToolResult", () => {
  const said = (got: string): string => `takes a ToolResult ({ ok: true, data } or { ok: false, error }; normalize(value) makes one from any tool result or text), not ${got}`;
  test.each([
    ["the tool's text", "npm ERR! missing script: test\n", "a string"],
    ["undefined", undefined, "undefined"],
    ["an object without ok", { data: "hi" }, "an object without ok: true or false"],
  ])("%s is a UsageError that says to normalize it (project gave the text 'Error')", (_name, value, got) => {
    expect(() => project(value as ToolResult)).toThrow(new UsageError(`project() ${said(got)}`));
    expect(() => lower(value as ToolResult, "anthropic", { callId: "toolu_1" })).toThrow(new UsageError(`lower() ${said(got)}`));
  });

  test.each([["a string", "image.png", "a string"], ["a number", 5, "a number"], ["an object", { mime: "image/png" }, "an object"]])(
    "attachments that are %s, not an array, are an InputError at $.attachments, as normalize --from rind says (a TypeError, 'original.map is not a function')",
    (_name, attachments, found) => {
      const result = { ok: true, data: "x", attachments } as unknown as ToolResult;
      const error = new InputError(`not a rind tool result: expected an array, found ${found}`, "$.attachments");
      expect(() => project(result)).toThrow(error);
      expect(() => lower(result, "anthropic", { callId: "toolu_1" })).toThrow(error);
    },
  );

  test("what normalize makes of the same text projects as the text", () => {
    expect(project(normalize("npm ERR! missing script: test\n")).text).toBe("npm ERR! missing script: test\n");
  });
});

describe("normalize(): a parsed value or text, not bytes", () => {
  const bytes = Buffer.from(JSON.stringify({ content: [{ type: "text", text: "hi" }] }));
  test.each([["a Buffer", bytes], ["a Uint8Array", new Uint8Array(bytes)]])("%s is a UsageError naming parseJsonBytes (it was read as the JSON of a Buffer)", (_name, value) => {
    expect(() => normalize(value)).toThrow(UsageError);
    expect(() => normalize(value)).toThrow(/^normalize\(\) takes a parsed value or text, not bytes: for a tool's JSON, normalize\(parseJsonBytes\(bytes\)\)/);
  });

  test("parseJsonBytes, as the message says, gives the MCP result's text", () => {
    expect(normalize(parseJsonBytes(bytes))).toMatchObject({ ok: true, data: "hi", meta: { source_shape: "mcp" } });
  });
});
