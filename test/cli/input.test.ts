// How stdin is taken: JSON-looking text that cannot be JSON streams at once; JSON is held whole.
import { describe, expect, test } from "vitest";
import { readInput } from "../../src/cli/input.js";

async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

describe("readInput", () => {
  test.each([
    ["[INFO] server started\n[WARN] slow\n"],
    ["[000042] ok\n"],
    ["{not json at all}\n"],
  ])("a log that starts like JSON but cannot be JSON streams: %j", async (text) => {
    expect((await readInput(chunks(text), "auto", 1024, undefined)).kind).toBe("stream");
  });

  test.each([
    ['{"content":[{"type":"text","text":"hi"}]}'],
    ["[1, 2, 3]"],
    ['{"text": "a string cut by the chunk boundary', ' and its end"}'],
  ])("JSON (even split across chunks) is held whole: %j", async (...parts) => {
    const input = await readInput(chunks(...parts), "auto", 1024, undefined);
    expect(input.kind).toBe("whole");
  });

  test("JSON over the cap streams as text, and says so", async () => {
    const input = await readInput(chunks('{"data": "', "x".repeat(2000), '"}'), "auto", 1024, undefined);
    expect(input).toMatchObject({ kind: "stream", note: "input over the 1.0 KiB --json-cap: read as text, not parsed" });
  });

  test("in the `all` scope (normalize, lower), JSON cut short streams as text with a note saying where it broke", async () => {
    const cut = '{"content":[{"type":"text","text":"hi"}';
    expect(await readInput(chunks(cut), "auto", 1024, undefined, "all")).toMatchObject({
      kind: "stream", note: "malformed JSON at line 1, column 40: unexpected end of input: read as text",
    });
    const long = `{"content":[{"type":"text","text":"${"x".repeat(70_000)}"}], "isError": fals}`;
    expect(await readInput(chunks(long), "auto", 1 << 20, undefined, "all")).toMatchObject({ kind: "whole" });
    const early = `{"content":[{"type":"text","text":"x"}], "isError": fals, "more": "${"x".repeat(70_000)}"}`;
    expect(await readInput(chunks(early), "auto", 1 << 20, undefined, "all")).toMatchObject({
      kind: "stream", note: 'malformed JSON at line 1, column 53: expected a value, found "fals": read as text',
    });
  });

  test("bound and run (the `envelopes` scope) and text that only starts with a bracket get no note", async () => {
    expect(await readInput(chunks('{"content":[{"type":"text","text":"hi"}'), "auto", 1024, undefined, "envelopes")).not.toHaveProperty("note");
    expect(await readInput(chunks("[INFO] server started\n"), "auto", 1024, undefined, "all")).not.toHaveProperty("note");
  });

  test("a forced shape over the cap is an input error at the cap", async () => {
    await expect(readInput(chunks('{"data": "', "x".repeat(2000), '"}'), "mcp", 1024, undefined)).rejects.toThrow("(at byte 1024)");
  });
});

describe("input detection never holds unbounded input", () => {
  /** 64 chunks of 64 KiB from `first` then `fill`; counts how many were taken. */
  function counted(first: string, fill: string): { chunks: AsyncIterator<Buffer>; taken: () => number } {
    let taken = 0;
    async function* generate(): AsyncGenerator<Buffer> {
      for (let index = 0; index < 64; index += 1) {
        taken += 1;
        yield Buffer.from(index === 0 ? first.padEnd(64 * 1024, fill) : fill.repeat(64 * 1024 / fill.length));
      }
    }
    return { chunks: generate(), taken: () => taken };
  }

  test.each([
    ["blank lead-in before a log", " ", " "],
    ["an ordinary JSON array on bound", "[", "1,"],
    ["an ordinary JSON object on bound", '{"name": "x", "items": [', "1,"],
  ])("%s streams after the first 64 KiB", async (_name, first, fill) => {
    const source = counted(first, fill);
    const input = await readInput(source.chunks, "auto", 64 * 1024 * 1024, undefined, "envelopes");
    expect(input.kind).toBe("stream");
    expect(source.taken()).toBe(1);
  });

  test("what can still be an envelope is held whole", async () => {
    const source = counted('{"content": [', "1,");
    const input = await readInput(source.chunks, "auto", 64 * 1024 * 1024, undefined, "envelopes");
    expect(input.kind).toBe("whole");
    expect(source.taken()).toBe(64);
  });
});

describe("readInput and a reader that reuses its buffer (the CLI's 1 MiB reads)", () => {
  /** Yields `input` in `size`-byte reads into one buffer, scribbled over before each read (as the next read would). */
  function reused(input: Buffer, size: number): { chunks: AsyncIterator<Buffer>; reads: Buffer[] } {
    const buffer = Buffer.alloc(size);
    const reads: Buffer[] = [];
    async function* generate(): AsyncGenerator<Buffer> {
      for (let at = 0; at < input.length; at += size) {
        buffer.fill(0x5a);
        const read = buffer.subarray(0, input.copy(buffer, 0, at, at + size));
        reads.push(read);
        yield read;
      }
    }
    return { chunks: generate(), reads };
  }
  const log = Buffer.from("[INFO] request served in 12 ms\n".repeat(40_000));

  test("text decided on its first read is handed on as that read, not copied (valid until the rest is read)", async () => {
    const { chunks, reads } = reused(log, 1 << 20);
    const input = await readInput(chunks, "auto", 1 << 20, undefined, "envelopes");
    expect(input.kind).toBe("stream");
    if (input.kind !== "stream") return;
    expect(input.prefix).toHaveLength(1);
    expect(input.prefix[0]).toBe(reads[0]);
  });

  test("what is held past a read is a copy: text decided over small reads, JSON held whole", async () => {
    const text = await readInput(reused(log, 4096).chunks, "auto", 1 << 20, undefined, "envelopes");
    if (text.kind !== "stream") throw new Error(text.kind);
    expect(Buffer.concat(text.prefix).equals(log.subarray(0, Buffer.concat(text.prefix).length))).toBe(true);
    const json = Buffer.from(JSON.stringify({ content: [{ type: "text", text: "x".repeat(300_000) }] }));
    const whole = await readInput(reused(json, 65536).chunks, "auto", 1 << 20, undefined, "envelopes");
    expect(whole.kind === "whole" && whole.bytes.equals(json)).toBe(true);
  });
});
