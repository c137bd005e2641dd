// What a StreamedRequest keeps of a client frame over the server's line (src/mcp/streamed-request.ts) is refused as
// the frame parsed whole is, for any JSON-RPC-shaped message or batch, keys in any order, any whitespace between
// tokens, any escapes in its strings and keys, cut into chunks anywhere.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseMessage } from "../../src/mcp/json-rpc-frames.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";
import { StreamedRequest, type RequestSummary } from "../../src/mcp/streamed-request.js";

function refusals(summary: RequestSummary): string[] {
  const said: string[] = [];
  const proxy = new ProxyRouter({
    toServer: (frame) => said.push(`server ${frame.toString()}`),
    toClient: (frame) => said.push(`client ${frame.toString()}`),
    boundResult: () => undefined,
    // correx's own tools' arguments are what the answer shows
    answerOwn: async (tool, args) => {
      said.push(`own ${tool} ${JSON.stringify(args)}`);
      return { text: "page", isError: false };
    },
    log: (message) => said.push(`log ${message}`),
    requestTimeoutMs: 0,
  });
  proxy.fromClientOverLine(summary);
  return said;
}

function streamed(frame: Buffer, cuts: number[]): RequestSummary {
  let summary: RequestSummary | undefined;
  const request = new StreamedRequest((ended) => (summary = ended));
  let from = 0;
  for (const cut of [...cuts.map((at) => at % (frame.length + 1)).sort((a, b) => a - b), frame.length]) {
    request.write(Buffer.from(frame.subarray(from, Math.max(from, cut))));
    from = Math.max(from, cut);
  }
  request.end();
  return summary!;
}

/** JSON text of `value` with random whitespace between tokens and every string's characters escaped at random. */
const spaced = fc.constantFrom("", " ", "\t", "\r\n ");
const text = fc.string({ unit: fc.constantFrom("a", "é", '"', "\\", "}", "]", "{", "/", "\u0000", "😀", "i", "d") });
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text.map((s) => JSON.stringify(s)),
    fc.constantFrom('"i\\u0064"', '"na\\u006de"', '"\\\\"', '"\\""', '"\\/\\b\\f\\n\\r\\t\\uD83D\\ude00"'),
    fc.constantFrom("12345678901234567890", "1.50", "-0", "true", "false", "null", "7", "2e3"),
    fc.array(fc.tuple(spaced, tie("value"), spaced), { maxLength: 4 }).map((items) => `[${items.map(([a, v, b]) => a + v + b).join(",")}]`),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom('"id"', '"name"', '"requestId"', '"arguments"', '"i\\u0064"', '"params"'), text.map((s) => JSON.stringify(s))), spaced, tie("value")), { maxLength: 4 })
      .map((members) => `{${members.map(([k, s, v]) => `${s}${k}${s}:${s}${v}`).join(",")}}`),
  ),
})).value;
const member = fc.oneof(
  fc.tuple(fc.constant('"id"'), fc.oneof(jsonText, fc.constantFrom("7", '"a\\"b"', "12345678901234567890"))),
  fc.tuple(fc.constant('"method"'), fc.oneof(fc.constantFrom('"tools/call"', '"notifications/cancelled"', '"tools/\\u006cist"'), jsonText)),
  fc.tuple(fc.constant('"params"'), fc.oneof(jsonText, fc.tuple(fc.constantFrom('"read_output"', '"grep_output"', '"echo"'), jsonText, jsonText).map(([name, args, id]) => `{"name":${name},"arguments":${args},"requestId":${id}}`))),
  fc.tuple(fc.constantFrom('"jsonrpc"', '"result"', '"error"', '"x"'), jsonText),
);
const message = fc.tuple(fc.array(fc.tuple(member, spaced), { maxLength: 6 }), spaced).map(([members, s]) => `{${s}${members.map(([[k, v], t]) => `${k}${t}:${t}${v}${t}`).join(",")}}`);
const frame = fc.oneof(message, fc.array(fc.oneof(message, jsonText), { maxLength: 4 }).map((items) => `[${items.join(",")}]`));

describe("a client frame over the server's line, read as it arrives", () => {
  test("any JSON-RPC-shaped frame, cut anywhere, is refused as the frame parsed whole", () => {
    fc.assert(
      fc.property(frame, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text);
        expect(refusals(streamed(bytes, cuts))).toEqual(refusals({ message: parseMessage(bytes), bytes: bytes.length, cut: () => false }));
      }),
      { numRuns: 1000 },
    );
  });
});
