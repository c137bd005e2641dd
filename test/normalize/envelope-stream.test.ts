import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { EnvelopeStreamReader } from "../../src/normalize/envelope-stream.js";
import { JsonStringStream } from "../../src/normalize/json-string-stream.js";
import { JsonSubtreeSkipper } from "../../src/normalize/json-subtree.js";
import { parseJsonBytes } from "../../src/normalize/json-input.js";
import { stringifyJson } from "../../src/normalize/lossless-json.js";
import { cutAt as cut } from "./helpers.js";

/** Reads an envelope through the streaming reader: the text it streamed and the skeleton with its tokens put back. */
function readStreamed(chunks: Buffer[]): { text: string; value: unknown; units: number[] } | { failure: string } {
  const out: Buffer[] = [];
  const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: (bytes) => out.push(Buffer.from(bytes)) });
  for (const chunk of chunks) if (!reader.write(chunk)) return { failure: reader.failure ?? "?" };
  const ended = reader.end();
  if (ended === undefined) return { failure: reader.failure ?? "?" };
  const all = Buffer.concat(out);
  const text = all.toString("utf8");
  let offset = 0;
  const pieces = ended.texts.map((streamed) => {
    const piece = all.subarray(offset, offset + streamed.bytes).toString("utf8");
    offset += streamed.bytes + 2;
    return piece;
  });
  let value = parseJsonBytes(ended.skeleton);
  // The structured content read as it streamed stands where its token is (as cli/envelope-input.ts puts it back).
  if (ended.structured && (value as { structuredContent?: unknown }).structuredContent === ended.structured.token) (value as { structuredContent?: unknown }).structuredContent = ended.structured.value;
  // Put each text back where its token stands (the tokens are unique), then compare with a whole parse.
  let json = stringifyJson(value);
  ended.texts.forEach((streamed, index) => {
    json = json.replace(JSON.stringify(streamed.token), () => JSON.stringify(index < pieces.length ? pieces[index] : ""));
  });
  value = parseJsonBytes(Buffer.from(json));
  return { text, value, units: ended.texts.map((streamed) => streamed.units) };
}

type Block = { text?: string; resource?: { text?: string } };
const wholeTexts = (value: unknown): string[] => {
  const content = (value as { content: Block[] }).content;
  return content.flatMap((block) => (typeof block.text === "string" ? [block.text] : typeof block.resource?.text === "string" ? [block.resource.text] : []));
};
/** The value with each content text as UTF-8 gives it back (a lone surrogate becomes U+FFFD). */
const asWritten = (value: unknown): unknown => {
  const copy = structuredClone(value) as { content: Block[] };
  const fix = (text: string): string => Buffer.from(text, "utf8").toString("utf8");
  for (const block of copy.content) {
    if (typeof block.text === "string") block.text = fix(block.text);
    else if (typeof block.resource?.text === "string") block.resource.text = fix(block.resource.text);
  }
  return copy;
};

describe("JsonStringStream", () => {
  it.each([true, false])("unescapes as JSON.parse does, with a lone surrogate as U+FFFD and the UTF-16 length (WebAssembly %s)", (webAssembly) => {
    const source = String.raw`a\n\t\"\\\/\b\f\r\u00e9\u20ac\ud83d\ude00 \ud800x\udc00\ud800\ud800` + "é€😀" + String.raw`\ud83d"`;
    const decoder = new JsonStringStream({ webAssembly });
    const out: Buffer[] = [];
    const end = decoder.write(Buffer.from(source), 0, (bytes) => out.push(Buffer.from(bytes)));
    const parsed = JSON.parse(`"${source.slice(0, -1)}"`) as string;
    expect(end).toBe(Buffer.byteLength(source) - 1);
    expect(Buffer.concat(out)).toEqual(Buffer.from(parsed, "utf8"));
    expect(decoder.units).toBe(parsed.length);
  });

  it("unescapes a string longer than its window the same however it is cut (windows of 64 KiB, one parse each)", () => {
    const unit = fc.constantFrom("a", "é", "€", "😀", "\n", '"', "\\", "\u0001", "\ud800", "\udc00", " ");
    fc.assert(fc.property(fc.array(unit, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 6 }), (pieces, escaped, offsets) => {
      // About 200 KB: every window edge lands somewhere inside an escape, a surrogate pair or a character.
      const value = Array.from({ length: Math.ceil(200_000 / pieces.join("").length) }, (_, n) => pieces.slice(n % pieces.length).join("")).join("|");
      const json = escaped ? JSON.stringify(value).replace(/[^\x20-\x7e]/gu, (c) => [...c].map((u) => Array.from({ length: u.length }, (_, i) => `\\u${u.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")).join("")) : JSON.stringify(value);
      const bytes = Buffer.from(`${json.slice(1)} tail`);
      for (const [chunks, webAssembly] of [[[bytes], true], [cut(bytes, offsets), true], [cut(bytes, offsets), false]] as const) {
        const decoder = new JsonStringStream({ webAssembly });
        const out: Buffer[] = [];
        let end = -1;
        let at = 0;
        for (const chunk of chunks) {
          end = decoder.write(chunk, 0, (decoded) => out.push(Buffer.from(decoded)));
          if (end >= 0) break;
          at += chunk.length;
        }
        expect(at + end).toBe(Buffer.byteLength(json) - 2);
        expect(Buffer.concat(out).equals(Buffer.from(value, "utf8"))).toBe(true);
        expect(decoder.units).toBe(value.length);
        expect(decoder.largestBuffer).toBeLessThanOrEqual(Math.max(65536, ...chunks.map((chunk) => chunk.length)) + 64);
        expect(decoder.parses + decoder.unescaped).toBeLessThanOrEqual(chunks.reduce((sum, chunk) => sum + Math.ceil((chunk.length + 1) / 65536), 0));
        // WebAssembly declines only what JSON.parse would refuse (the value holds none): no window is parsed.
        if (webAssembly) expect(decoder.parses).toBe(0);
      }
    }), { numRuns: 25 });
  });

  it.each([false, true])("without WebAssembly, makes each window's bytes into one string, UTF-8 included; with it, none (WebAssembly %s)", (webAssembly) => {
    const value = Array.from({ length: 40_000 }, (_, n) => `ligne ${n}: café ✓ 😀\n`).join("");
    const bytes = Buffer.from(`${JSON.stringify(value).slice(1)} tail`);
    const decoded = { calls: 0, bytes: 0 };
    const toString = Buffer.prototype.toString;
    const spy = vi.spyOn(Buffer.prototype, "toString").mockImplementation(function (this: Buffer, ...args: unknown[]) {
      const [encoding, start = 0, end = this.length] = args as [BufferEncoding | undefined, number?, number?];
      decoded.calls += 1;
      decoded.bytes += Math.min(end, this.length) - start;
      return toString.call(this, encoding, start, end);
    });
    const decoder = new JsonStringStream({ webAssembly });
    const out: Buffer[] = [];
    let end: number;
    try {
      end = decoder.write(bytes, 0, (chunk) => out.push(Buffer.from(chunk)));
    } finally {
      spy.mockRestore();
    }
    expect(end).toBe(Buffer.byteLength(JSON.stringify(value)) - 2);
    expect(Buffer.concat(out).toString("utf8")).toBe(value);
    // One string a window (its quotes and up to 16 held-back bytes aside): never the bytes twice (latin1, then UTF-8).
    expect(decoded.calls).toBe(decoder.parses);
    expect(decoded.bytes).toBeLessThanOrEqual(end + decoder.parses * (2 + 16));
    expect(webAssembly ? [decoder.parses, decoder.unescaped > 0] : [decoder.parses > 0, decoder.unescaped]).toEqual(webAssembly ? [0, true] : [true, 0]);
  });

  it.each([true, false])("fails a string JSON.parse refuses or that is not UTF-8 (WebAssembly %s)", (webAssembly) => {
    for (const bad of [Buffer.from('a\tb"'), Buffer.from('\\x"'), Buffer.from('\\u12g4"'), Buffer.from([0x61, 0xff, 0x22]), Buffer.from([0xe2, 0x82, 0x22])]) {
      const decoder = new JsonStringStream({ webAssembly });
      expect(decoder.write(bad, 0, () => undefined)).toBe(-1);
      expect(decoder.failure).toBeDefined();
    }
  });
});

describe("EnvelopeStreamReader", () => {
  const text = fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", "\n", "\t", '"', "\\", "\u0000", "\u001b", "\ud800", "\udc00", "/", " ") , maxLength: 40 });
  const skipped = fc.string({ unit: fc.constantFrom('"', "\\", "\\\\", "a", "é", "x".repeat(40)), maxLength: 8 });
  const block = fc.oneof(
    text.map((value) => ({ type: "text", text: value })),
    text.map((value) => ({ text: value, type: "text", annotations: { priority: 0.5 } })),
    text.map((value) => ({ type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: value } })),
    fc.constant({ type: "image", data: "aGk=", mimeType: "image/png" }),
    // a member the reader steps over: quotes, backslashes and their runs in its key and its value, short and long
    fc.tuple(text, skipped, skipped).map(([value, key, note]) => ({ type: "text", text: value, [`x${key}`]: note })),
  );
  const envelope = fc.record({
    content: fc.array(block, { minLength: 1, maxLength: 5 }),
    isError: fc.option(fc.boolean(), { nil: undefined }),
    structuredContent: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(text, fc.integer())), { nil: undefined }),
  }, { requiredKeys: ["content"] });

  it("streams the same text and skeleton however the input is cut (escapes and surrogates split anywhere)", () => {
    fc.assert(fc.property(envelope, fc.boolean(), fc.array(fc.nat(), { maxLength: 12 }), (value, escaped, offsets) => {
      // Escaped: every non-ASCII character as \uXXXX (surrogate pairs as two escapes), as many servers write it.
      const json = escaped ? JSON.stringify(value).replace(/[^\x20-\x7e]/gu, (c) => [...c].map((u) => Array.from({ length: u.length }, (_, i) => `\\u${u.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")).join("")) : JSON.stringify(value);
      const bytes = Buffer.from(` ${json}\n`);
      const whole = readStreamed([bytes]);
      const split = readStreamed(cut(bytes, offsets));
      expect(split).toEqual(whole);
      if ("failure" in whole) throw new Error(whole.failure);
      const parsed = JSON.parse(json) as unknown;
      expect(whole.value).toEqual(asWritten(parsed));
      expect(whole.text).toBe(Buffer.from(wholeTexts(parsed).join("\n\n"), "utf8").toString("utf8"));
      expect(whole.units).toEqual(wholeTexts(parsed).map((piece) => piece.length));
    }), { numRuns: 400 });
  });

  it("steps over strings that end in backslashes, or hold escaped quotes, cut anywhere, and the strings after them", () => {
    const block = { type: "text", text: "one", xa: "a\\", xb: "", xc: 'q"\\"', xd: `\\\\${"x".repeat(40)}\\`, xe: "" };
    const bytes = Buffer.from(JSON.stringify({ content: [block, { type: "text", text: "two" }] }));
    const whole = readStreamed([bytes]);
    expect(whole).toMatchObject({ text: "one\n\ntwo" });
    for (let at = 1; at < bytes.length; at += 1) expect(readStreamed(cut(bytes, [at])), `cut at ${at}`).toEqual(whole);
  });

  it("keeps numbers as written in the skeleton", () => {
    const bytes = Buffer.from('{"content":[{"type":"text","text":"x"}],"structuredContent":{"id":1234567890123456789,"z":-0,"big":1e999999,"f":1.0}}');
    const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: () => undefined });
    reader.write(bytes);
    const ended = reader.end()!;
    expect(stringifyJson(ended.structured?.value)).toBe('{"id":1234567890123456789,"z":-0,"big":1e999999,"f":1.0}');
    expect(stringifyJson(parseJsonBytes(ended.skeleton))).toContain(`"structuredContent":${JSON.stringify(ended.structured?.token)}`);
  });

  it("gives up on what is not an MCP-keyed object, or not one JSON value", () => {
    for (const input of ['[{"content":[]}]', '{"ok":true,"content":[]}', '{"content":[{"type":"text","text":"a"}]} {}', '{"content":[{"type":"text","text":"a', '"x"']) {
      const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: () => undefined });
      const written = reader.write(Buffer.from(input));
      expect(written && reader.end() !== undefined).toBe(false);
    }
  });

  it("keeps a large skeleton in one buffer grown by doubling, not a copy a chunk joined at the end (buffers made are counted)", () => {
    const rows = Array.from({ length: 60_000 }, (_, id) => ({ id, name: `module-${id % 97}`, ok: id % 11 !== 0 }));
    const bytes = Buffer.from(JSON.stringify({ content: [{ type: "text", text: "rows" }], _meta: { rows } }));
    const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: () => undefined });
    const spies = [vi.spyOn(Buffer, "from"), vi.spyOn(Buffer, "concat"), vi.spyOn(Buffer, "allocUnsafe")];
    let made: number;
    try {
      for (let offset = 0; offset < bytes.length; offset += 65536) reader.write(bytes.subarray(offset, offset + 65536));
      made = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const ended = reader.end()!;
    expect(ended.skeleton.length).toBeGreaterThan(bytes.length - 100);
    expect(made).toBeLessThanOrEqual(Math.ceil(Math.log2(bytes.length / 4096)) + 4); // a buffer made a doubling
  });

  it("keeps a container that follows the content (_meta) as it comes, without walking it (the skipper's calls are counted)", () => {
    const structured = JSON.stringify({ rows: Array.from({ length: 5000 }, (_, id) => ({ id, name: `r${id}`, tags: ["a", "b"] })) });
    const read = (json: string) => {
      const skip = vi.spyOn(JsonSubtreeSkipper.prototype, "skip");
      try {
        const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: () => undefined });
        for (let offset = 0; offset < json.length; offset += 4096) expect(reader.write(Buffer.from(json.slice(offset, offset + 4096)))).toBe(true);
        const ended = reader.end()!;
        return { skips: skip.mock.calls.length, value: parseJsonBytes(ended.skeleton) as { _meta: unknown; isError?: boolean } };
      } finally {
        skip.mockRestore();
      }
    };
    const after = read(`{"content":[{"type":"text","text":"x"}],"_meta":${structured},"isError":false}`);
    expect(after.skips).toBe(0);
    expect(after.value._meta).toEqual(JSON.parse(structured));
    expect(after.value.isError).toBe(false);
    // Before the content, it is walked to its end (the content after it still streams).
    expect(read(`{"_meta":${structured},"content":[{"type":"text","text":"x"}]}`).skips).toBeGreaterThan(0);
  });

  it("reads a large structuredContent as it streams, holding a bounded amount (the bytes held are counted)", () => {
    const rows = Array.from({ length: 150_000 }, (_, id) => ({ id, name: `module-${id % 97}`, ok: id % 11 !== 0 }));
    const bytes = Buffer.from(JSON.stringify({ content: [{ type: "text", text: "rows" }], structuredContent: { rows }, isError: false }));
    const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: () => undefined });
    for (let offset = 0; offset < bytes.length; offset += 1024 * 1024) expect(reader.write(bytes.subarray(offset, offset + 1024 * 1024))).toBe(true);
    const ended = reader.end()!;
    expect(reader.structuredBytes).toBe(Buffer.byteLength(JSON.stringify({ rows })));
    expect(reader.largestHeld).toBeLessThanOrEqual(1024 * 1024 + 64); // one chunk of text output at most, not the rows
    expect(ended.skeleton.length).toBeLessThan(200);
    const kept = (ended.structured?.value as { rows: unknown[] }).rows;
    expect([kept.length, kept[0], kept[127]]).toEqual([128, rows[0], rows[rows.length - 1]]);
  });

  it("holds a bounded amount however large the text block (the largest buffer is counted, not timed)", () => {
    const line = `${"0123456789 abcdef ".repeat(3)}\u00e9\n`;
    const textBlock = line.repeat(80_000); // about 4.6 MB of text
    const bytes = Buffer.from(JSON.stringify({ content: [{ type: "text", text: textBlock }, { type: "text", text: textBlock }] }));
    let streamed = 0;
    const reader = new EnvelopeStreamReader({ separator: "\n\n", sink: (chunk) => { streamed += chunk.length; } });
    for (let offset = 0; offset < bytes.length; offset += 65536) expect(reader.write(bytes.subarray(offset, offset + 65536))).toBe(true);
    const ended = reader.end()!;
    expect(streamed).toBe(2 * Buffer.byteLength(textBlock) + 2);
    expect(ended.skeleton.length).toBeLessThan(200);
    expect(reader.largestHeld).toBeLessThanOrEqual(65536 + 64);
    // Read in chunks of 1 MiB (as the CLI reads a file), it holds one chunk's output, and calls the sink once a chunk.
    let calls = 0;
    const big = new EnvelopeStreamReader({ separator: "\n\n", sink: () => { calls += 1; } });
    for (let offset = 0; offset < bytes.length; offset += 1024 * 1024) expect(big.write(bytes.subarray(offset, offset + 1024 * 1024))).toBe(true);
    expect(big.end()).toBeDefined();
    expect(big.largestHeld).toBeLessThanOrEqual(1024 * 1024 + 64);
    expect(calls).toBeLessThanOrEqual(Math.ceil(bytes.length / (1024 * 1024)) + 2);
  });
});
