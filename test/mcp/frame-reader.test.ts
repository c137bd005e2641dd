// Newline-delimited frames out of chunks cut anywhere: the MCP stdio transport's framing.
import { describe, expect, test } from "vitest";
import { FrameReader } from "../../src/mcp/frame-reader.js";

/** The frames of `chunks` held whole (none is long enough to stream); a last line without newline is one too. */
const split = (chunks: string[]): string[] => {
  const frames: string[] = [];
  const reader = new FrameReader({ onFrame: (frame) => frames.push(frame.toString()), streamBytes: 1024, stream: () => undefined });
  for (const chunk of chunks) reader.push(Buffer.from(chunk));
  reader.end();
  return frames;
};

describe("FrameReader, frames held whole", () => {
  test("frames across chunks, several in one chunk, CRLF, blank lines skipped, an unfinished last line a frame at the end", () => {
    expect(split(['{"a":', '1}\n{"b":2}\r\n\n{"c"', ":3}\n{\"d\""])).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', '{"d"']);
  });

  test("every way of cutting the same bytes gives the same frames", () => {
    const text = '{"jsonrpc":"2.0","id":1}\n{"x":"é"}\r\n{"y":[1,2]}\n';
    for (let cut = 0; cut <= text.length; cut += 1) expect(split([text.slice(0, cut), text.slice(cut)])).toEqual(['{"jsonrpc":"2.0","id":1}', '{"x":"é"}', '{"y":[1,2]}']);
  });

  test("a frame does not change when the chunk it came from is reused", () => {
    const frames: Buffer[] = [];
    const reader = new FrameReader({ onFrame: (frame) => frames.push(frame), streamBytes: 1024, stream: () => undefined });
    const chunk = Buffer.from('{"a":1}\n{"b":');
    reader.push(chunk);
    chunk.fill(0x20);
    reader.push(Buffer.from("2}\n"));
    expect(frames.map(String)).toEqual(['{"a":1}', '{"b":2}']);
  });
});

describe("FrameReader", () => {
  /** The frames of `chunks` in order: held ones as they are, streamed ones as "streamed:" and their bytes joined. */
  const read = (chunks: string[], streamBytes: number): string[] => {
    const frames: string[] = [];
    const reader = new FrameReader({
      onFrame: (frame) => frames.push(frame.toString()), streamBytes,
      stream: () => {
        const pieces: Buffer[] = [];
        return { write: (bytes) => pieces.push(Buffer.from(bytes)), end: () => frames.push(`streamed:${Buffer.concat(pieces).toString()}`) };
      },
    });
    for (const chunk of chunks) reader.push(Buffer.from(chunk));
    reader.end();
    return frames;
  };

  test("hands a frame longer than streamBytes over as it arrives, in order with the others, whatever the cut (CRLF too)", () => {
    const text = '{"a":1}\n{"long":"0123456789abcdef\r"}\r\n{"b":2}\r\n{"long":"0123456789abcdef0123"}\n{"c":3}\n{"long":"0123456789abcdef"}\r';
    const expected = ['{"a":1}', 'streamed:{"long":"0123456789abcdef\r"}', '{"b":2}', 'streamed:{"long":"0123456789abcdef0123"}', '{"c":3}', 'streamed:{"long":"0123456789abcdef"}\r'];
    for (let first = 0; first <= text.length; first += 1) {
      for (const size of [1, 3, 7]) {
        const chunks = [text.slice(0, first), ...Array.from({ length: Math.ceil((text.length - first) / size) }, (_, n) => text.slice(first + n * size, first + (n + 1) * size))];
        // A long frame that arrived whole in one chunk is simply a frame; one cut into small pieces streams.
        const frames = read(chunks, 12);
        expect(frames.map((frame) => frame.replace(/^streamed:/, "")), JSON.stringify(chunks)).toEqual(expected.map((frame) => frame.replace(/^streamed:/, "")));
        if (size === 1 && first < 8) expect(frames).toEqual(expected);
      }
    }
  });

  test("holds a frame whole to its end when no stream takes it", () => {
    const frames: string[] = [];
    const reader = new FrameReader({ onFrame: (frame) => frames.push(frame.toString()), streamBytes: 4, stream: () => undefined });
    for (const chunk of ['{"a":', '"bcdefgh"}', "\n"]) reader.push(Buffer.from(chunk));
    expect(frames).toEqual(['{"a":"bcdefgh"}']);
  });
});
