// Newline-delimited frames out of chunks cut anywhere: the MCP stdio transport's framing.
import { describe, expect, test } from "vitest";
import { FrameSplitter } from "../../src/mcp/frame-splitter.js";

const split = (chunks: string[]): string[] => {
  const splitter = new FrameSplitter();
  const frames = chunks.flatMap((chunk) => splitter.push(Buffer.from(chunk)).map((frame) => frame.toString()));
  const rest = splitter.rest();
  return rest ? [...frames, `rest:${rest.toString()}`] : frames;
};

describe("FrameSplitter", () => {
  test("frames across chunks, several in one chunk, CRLF, blank lines skipped, an unfinished last line kept apart", () => {
    expect(split(['{"a":', '1}\n{"b":2}\r\n\n{"c"', ":3}\n{\"d\""])).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', 'rest:{"d"']);
  });

  test("every way of cutting the same bytes gives the same frames", () => {
    const text = '{"jsonrpc":"2.0","id":1}\n{"x":"é"}\r\n{"y":[1,2]}\n';
    for (let cut = 0; cut <= text.length; cut += 1) expect(split([text.slice(0, cut), text.slice(cut)])).toEqual(['{"jsonrpc":"2.0","id":1}', '{"x":"é"}', '{"y":[1,2]}']);
  });

  test("a frame does not change when the chunk it came from is reused", () => {
    const splitter = new FrameSplitter();
    const chunk = Buffer.from('{"a":1}\n');
    const [frame] = splitter.push(chunk);
    chunk.fill(0x20);
    expect(frame!.toString()).toBe('{"a":1}');
  });
});
