// An MCP envelope read as a stream gives exactly what reading it whole gives: the written output (every --to
// target, markers, meta), the warnings, the spill (input bytes) and its text view; and whatever streaming cannot
// read (another shape, malformed JSON, over --json-cap) is read again the ordinary way, with the same output.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { boundInput } from "../../src/cli/bound-input.js";
import type { StreamEnvelopes } from "../../src/cli/input.js";
import type { RawOptions } from "../../src/cli/options.js";

const work = mkdtempSync(join(tmpdir(), "correx-envelope-stream-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

let runs = 0;
/** The output of one run, its spill directory's files (ids made stable) and whether the envelope was streamed. */
async function run(bytes: Buffer, raw: RawOptions, scope: "envelopes" | "all", stream: StreamEnvelopes, chunk = 4096) {
  const spillDir = join(work, `run-${runs++}`);
  let streamed: boolean | undefined;
  let text: string;
  try {
    const result = await boundInput({ spillDir, ...raw }, chunksOf(bytes, chunk), { stdoutIsTTY: false, columns: undefined, env: { NO_COLOR: "1" } }, {
      scope, streamEnvelopes: stream, onEnvelope: (value) => { streamed = value; },
    });
    text = "text" in result ? result.text : JSON.stringify(result.batch);
    text += result.warnings.join("\n");
  } catch (error) {
    text = `error: ${(error as Error).message}`;
  }
  let files: string[] = [];
  try {
    files = readdirSync(spillDir).sort();
  } catch {
    // nothing saved
  }
  const contents = files.filter((name) => !name.endsWith(".json")).map((name) => [stable(name, spillDir), readFileSync(join(spillDir, name)).toString("base64")]);
  return { text: stable(text, spillDir), files: files.map((name) => stable(name, spillDir)), contents, streamed };
}

const stable = (text: string, dir: string): string => text.split(dir).join("DIR").replace(/tool_[0-9a-z]{26}/g, "tool_ID");

const MODES: RawOptions[] = [
  {}, { format: "json" }, { maxBytes: "2000" }, { maxLines: "12", format: "json" }, { for: "terminal", width: "80" },
  { to: "mcp" }, { to: "mcp", maxBytes: "3000" }, { to: "anthropic", callId: "toolu_1" }, { to: "openai-chat", callId: "call_1", maxBytes: "4000" },
  { to: "gemini", name: "tool" }, { to: "bedrock", callId: "t1", maxBytes: "5000" }, { to: "ai-sdk" }, { style: "opencode", maxBytes: "3000" },
];

/** A large envelope the way servers write it: log lines with escapes, non-ASCII, emoji, several blocks, an image. */
function bigEnvelope(blocks: number, extra: Record<string, unknown> = {}): Buffer {
  const lines = Array.from({ length: 3000 }, (_, n) => `[${n}] INFO worker-${n % 7} "ok" \t path\\to\\file ${n % 5 === 0 ? "é😀" : ""}`).join("\n");
  const content = Array.from({ length: blocks }, (_, n) => ({ type: "text", text: `${n}:${lines}` }));
  return Buffer.from(JSON.stringify({ content: [...content, { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }], ...extra }));
}

/** A result whose structuredContent is far over any budget: rows, nested arrays, a long string (all reduced as they stream). */
function bigStructured(rows = 6000): Buffer {
  const structured = {
    rows: Array.from({ length: rows }, (_, id) => ({ id, name: `module-${id % 97} é😀`, ok: id % 11 !== 0, ms: id / 8, tags: Array.from({ length: id % 5 }, (_, n) => `t${n}`) })),
    matrix: Array.from({ length: 300 }, (_, n) => Array.from({ length: 300 }, (_, m) => n * m)),
    log: "line \"quoted\" \\ é😀\n".repeat(20_000),
    big: 12345678901234567890,
  };
  return Buffer.from(`${JSON.stringify({ content: [{ type: "text", text: "6000 rows" }], structuredContent: structured, isError: false }).slice(0, -1)}, "_meta": {"z": -0}}`);
}

/** The JSON-RPC response a client reads for tools/call, around a result. */
const inResponse = (result: Buffer, id = '"call-1"'): Buffer => Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":${result.toString()}}\n`);

describe("MCP envelopes read as a stream", () => {
  // undefined: read whole where its text, one JSON value, gets its JSON view (json-text.ts), streamed elsewhere.
  const inputs: [string, Buffer, boolean | undefined][] = [
    ["recorded directory_tree (server-filesystem)", fixture("json/mcp-directory-tree.json"), undefined],
    ["recorded read_text_file, the text again as structuredContent (server-filesystem)", fixture("json/mcp-read-text-file.json"), true],
    ["recorded get-annotated-message: annotations, an image (server-everything)", fixture("json/mcp-everything-annotated.json"), true],
    ["recorded get-resource-reference: an embedded text resource (server-everything)", fixture("json/mcp-everything-resource.json"), true],
    ["recorded get-structured-content (server-everything)", fixture("json/mcp-everything-structured.json"), true],
    ["mcp text and image", fixture("shapes/mcp-2025-03-26-text-image.json"), true],
    ["mcp resources", fixture("shapes/mcp-2025-11-25-resources.json"), true],
    ["mcp resource link", fixture("shapes/mcp-2025-06-18-resource-link.json"), true],
    ["mcp error", fixture("shapes/mcp-error.json"), true],
    ["mcp result type", fixture("shapes/mcp-2026-07-28-result-type.json"), true],
    ["mcp structured", fixture("shapes/mcp-2025-06-18-structured.json"), true],
    ["several big blocks", bigEnvelope(3), true],
    ["a big block, numbers kept", bigEnvelope(1, { structuredContent: { id: 1234567890123456789, zero: -0, big: 1e999999, one: "1.0" } }), true],
    ["a big structuredContent, read as it streams and cut in shape", bigStructured(), true],
    ["recorded tools/call response line, `result` first (server-filesystem read_text_file)", fixture("json/mcp-response-read-text-file.jsonl"), true],
    ["recorded tools/call response: an isError result (server-filesystem, an unknown tool)", fixture("json/mcp-response-unknown-tool.jsonl"), true],
    ["a JSON-RPC response around a big structuredContent", inResponse(bigStructured()), true],
  ];
  for (const [name, bytes, streams] of inputs) {
    it(`gives what a whole parse gives: ${name}`, async () => {
      for (const scope of ["envelopes", "all"] as const) {
        for (const raw of MODES) {
          const whole = await run(bytes, raw, scope, "never");
          const streamed = await run(bytes, raw, scope, "always", 1000);
          if (streams !== undefined) expect(streamed.streamed, JSON.stringify(raw)).toBe(streams);
          expect({ ...streamed, streamed: undefined }, JSON.stringify(raw)).toEqual({ ...whole, streamed: undefined });
        }
      }
    });
  }

  it("reads a result whose text is one JSON value over the budget whole, for its JSON view", async () => {
    const bytes = fixture("json/mcp-directory-tree.json");
    const streamed = await run(bytes, { maxBytes: "2000" }, "all", "always", 1000);
    expect(streamed.streamed).toBe(false);
    expect({ ...streamed, streamed: undefined }).toEqual(await run(bytes, { maxBytes: "2000" }, "all", "never"));
    expect(streamed.text).toContain("[JSON view of ");
    expect((await run(bytes, { style: "opencode", maxBytes: "3000" }, "all", "always", 1000)).streamed).toBe(true);
  });

  it("streams a result longer than the decision bytes by default", async () => {
    const bytes = fixture("json/mcp-read-text-file.json");
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const byDefault = await run(bytes, { maxBytes: "4000" }, "all", "large", 65536);
    const whole = await run(bytes, { maxBytes: "4000" }, "all", "never", 65536);
    expect(byDefault.streamed).toBe(true);
    expect({ ...byDefault, streamed: undefined }).toEqual({ ...whole, streamed: undefined });
    expect((await run(fixture("json/mcp-everything-annotated.json"), {}, "all", "large")).streamed).toBeUndefined();
  });

  it("leaves nothing behind when the input fails while it streams", async () => {
    const bytes = bigEnvelope(16);
    async function* failing(): AsyncGenerator<Buffer> {
      yield bytes.subarray(0, 1_500_000);
      throw new Error("read failed");
    }
    const spillDir = join(work, "failing");
    const around = { stdoutIsTTY: false, columns: undefined, env: {} };
    await expect(boundInput({ spillDir }, failing(), around, { scope: "all", streamEnvelopes: "always" })).rejects.toThrow("read failed");
    expect(existsSync(spillDir) ? readdirSync(spillDir) : []).toEqual([]);
  });

  it("never writes a big structuredContent out whole to measure, clean or search it (the longest JSON.stringify is counted)", async () => {
    const rows = Array.from({ length: 40_000 }, (_, id) => ({ id, name: `module-${id % 97}`, ok: id % 11 !== 0 }));
    const bytes = bigEnvelope(1, { structuredContent: { rows } });
    const whole = JSON.stringify({ rows }).length;
    for (const raw of [{}, { format: "json" }, { to: "mcp" }] as RawOptions[]) {
      const stringify = vi.spyOn(JSON, "stringify");
      try {
        const streamed = await run(bytes, raw, "all", "always", 65536);
        expect(streamed.streamed).toBe(true);
        const longest = Math.max(...stringify.mock.results.map((result) => (typeof result.value === "string" ? result.value.length : 0)));
        expect(longest).toBeLessThan(whole / 10);
      } finally {
        stringify.mockRestore();
      }
    }
  });

  it("never parses a big structuredContent whole: it is cut as it streams (the longest JSON.parse is counted)", async () => {
    const bytes = bigStructured(40_000);
    for (const raw of [{}, { format: "json" }, { to: "mcp" }] as RawOptions[]) {
      const parse = vi.spyOn(JSON, "parse");
      try {
        const streamed = await run(bytes, raw, "all", "always", 65536);
        expect(streamed.streamed).toBe(true);
        const longest = Math.max(...parse.mock.calls.map(([text]) => (typeof text === "string" ? text.length : 0)));
        expect(longest).toBeLessThan(bytes.length / 10);
      } finally {
        parse.mockRestore();
      }
    }
  });

  it("reads the input again where a cut structuredContent could not stand for the whole: it may fit, or it is the body", async () => {
    const roomy = { format: "json", maxBytes: "10MB", maxLines: "1000000" };
    const onlyStructured = Buffer.from(JSON.stringify({ content: [], structuredContent: JSON.parse(bigStructured().toString()).structuredContent }));
    for (const [bytes, raw] of [[bigStructured(), roomy], [onlyStructured, {}], [onlyStructured, { to: "mcp" }]] as [Buffer, RawOptions][]) {
      const whole = await run(bytes, raw, "all", "never", 65536);
      const streamed = await run(bytes, raw, "all", "always", 65536);
      expect(streamed.streamed).toBe(false);
      expect({ ...streamed, streamed: undefined }).toEqual({ ...whole, streamed: undefined });
    }
  });

  it("keeps big integers, -0 and 1e999999 as written", async () => {
    const bytes = Buffer.from('{"content":[{"type":"text","text":"ok"}],"structuredContent":{"id":1234567890123456789,"z":-0,"e":1e999999,"f":1.0}}');
    const streamed = await run(bytes, { format: "json" }, "all", "always");
    expect(streamed.streamed).toBe(true);
    expect(streamed.text).toContain('{"id":1234567890123456789,"z":-0,"e":1e999999,"f":1.0}');
  });

  it("reads again, the ordinary way, what is not a streamable envelope", async () => {
    const cases: [Buffer, RawOptions][] = [
      [Buffer.from('{"content":[{"type":"text","text":"a\\u0000b"}],"extra":1}'), {}],
      [Buffer.from('{"content":[{"type":"text","text":"cut'), {}],
      [Buffer.from('{"content":[{"type":"text","text":"a"}]}\n{"content":[{"type":"text","text":"b"}]}\n'), { to: "mcp" }],
      [fixture("shapes/mcp-structured-only.json"), { format: "json" }],
      [bigEnvelope(2), { jsonCap: "20KiB" }],
      [Buffer.from('{"content":[{"type":"text","text":"a\tb"}]}'), {}],
      [Buffer.from('{"content":[{"type":"text","text":"bad \\x escape"}]}'), { from: "mcp" }],
      // JSON-RPC responses that are not around a CallToolResult: another service's result, no version, an error.
      [inResponse(Buffer.from('{"balance":"0x1","content":[{"type":"text","text":"a"}]}')), {}],
      [Buffer.from(`{"id":1,"result":${bigEnvelope(1).toString()}}`), {}],
      [Buffer.from('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params"}}'), { from: "mcp" }],
      // Read again from memory when the spill cannot be created (the key that ends the streaming comes after 1 MiB).
      [bigEnvelope(8, { zzz: 1 }), { spillDir: "/proc/nope" }],
      [bigEnvelope(8, { zzz: 1 }), {}],
    ];
    for (const [bytes, raw] of cases) {
      for (const scope of ["envelopes", "all"] as const) {
        const whole = await run(bytes, raw, scope, "never");
        const streamed = await run(bytes, raw, scope, "always", bytes.length > 100_000 ? 4093 : 7);
        expect(streamed.streamed).not.toBe(true);
        expect({ ...streamed, streamed: undefined }).toEqual({ ...whole, streamed: undefined });
      }
    }
  });

  it("streams with a spill that cannot be created, the reason in the marker as before", async () => {
    const bytes = bigEnvelope(8);
    for (const raw of [{ spillDir: "/proc/nope" }, { spillDir: "/proc/nope", format: "json" }]) {
      const whole = await run(bytes, raw, "all", "never");
      const streamed = await run(bytes, raw, "all", "always", 65536);
      expect(streamed.streamed).toBe(true);
      expect(streamed.text).toContain("/proc/nope");
      expect({ ...streamed, streamed: undefined }).toEqual({ ...whole, streamed: undefined });
    }
  });

  it("gives the same output however the input is cut", async () => {
    const bytes = fixture("shapes/mcp-2025-11-25-resources.json");
    const whole = await run(bytes, { maxBytes: "2000", format: "json" }, "all", "never");
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 200 }), async (size) => {
      const streamed = await run(bytes, { maxBytes: "2000", format: "json" }, "all", "always", size);
      expect(streamed.streamed).toBe(true);
      expect({ ...streamed, streamed: undefined }).toEqual({ ...whole, streamed: undefined });
    }), { numRuns: 25 });
  });
});
