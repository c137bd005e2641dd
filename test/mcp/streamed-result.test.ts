// `correx proxy` reads a long response frame as it arrives (mcp/streamed-result.ts): what the client gets, and what
// is saved, are what routing the frame whole gives; a frame it cannot bound that way is routed whole from the spill.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import type { BoundOptions } from "../../src/bound/types.js";
import { FrameReader } from "../../src/mcp/frame-reader.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { StreamedResponse } from "../../src/mcp/streamed-result.js";
import { SpillStore } from "../../src/spill/store.js";

const work = mkdtempSync(join(tmpdir(), "correx-streamed-result-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let runs = 0;

/** Budgets of a result's own beside `bound` (the proxy's for its client: client-limits.ts). */
interface ResultLimits {
  errorMaxBytes?: number;
}

/** One proxy's server-to-client side: the frames the client gets, the files saved, the logs. */
function proxy(streamed: boolean, bound: BoundOptions, streamBytes = 256 * 1024, maxOutputBytes?: number, limits: ResultLimits = {}) {
  const dir = join(work, `run-${runs++}`);
  const spill = { store: new SpillStore(dir), ...(maxOutputBytes === undefined ? {} : { maxOutputBytes }) };
  const toClient: string[] = [];
  const logs: string[] = [];
  const streams: StreamedResponse[] = [];
  /** Streamed frames routed whole (read back from the spill and held). */
  const wholes: number[] = [];
  const router = new ProxyRouter({
    toServer: () => undefined,
    toClient: (frame) => toClient.push(frame.toString()),
    boundResult: (result, frame, names) => boundCallToolResult(result, frame, { bound, spill, ...limits, readToolName: names.read }).result,
    answerOwn: async () => ({ text: "", isError: false }) as never,
    log: (message) => logs.push(message),
    requestTimeoutMs: 0,
  });
  const route = {
    answer: router.answerStreamed.bind(router), report: () => undefined,
    whole: (frame: Buffer) => {
      wholes.push(frame.length);
      router.fromServer(frame);
    },
    lost: (message: Record<string, unknown> | undefined, reason: string) => router.lostAnswer(message?.id, reason),
    awaitsOnlyCalls: () => router.awaitsOnlyCalls(),
  };
  const reader = new FrameReader({
    onFrame: (frame) => router.fromServer(frame), streamBytes,
    stream: () => {
      if (!streamed) return undefined;
      const response = new StreamedResponse({ bound, spill, ...limits }, route);
      streams.push(response);
      return response;
    },
  });
  const files = (): [string, string][] => {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => !name.endsWith(".json")).sort();
    } catch {
      // nothing saved
    }
    return names.map((name) => [name.replace(/tool_[0-9a-z]{26}/g, "ID"), readFileSync(join(dir, name)).toString("base64")]);
  };
  return { router, reader, toClient, logs, streams, wholes, files, dir };
}

/** Sends `request` from the client, then the server's `frames` (cut in `chunk`-byte pieces); what came out. */
function exchange(streamed: boolean, request: object | undefined, response: Buffer, bound: BoundOptions = resolveBoundOptions({}), chunk = 65536, maxOutputBytes?: number, limits: ResultLimits = {}) {
  const side = proxy(streamed, bound, 256 * 1024, maxOutputBytes, limits);
  if (request) side.router.fromClient(Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...request })));
  const bytes = Buffer.concat([response, Buffer.from("\n"), Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}\n')]);
  for (let offset = 0; offset < bytes.length; offset += chunk) side.reader.push(bytes.subarray(offset, offset + chunk));
  side.reader.end();
  const stable = (frame: string): string => frame.split(side.dir).join("DIR").replace(/tool_[0-9a-z]{26}/g, "ID");
  return { toClient: side.toClient.map(stable), files: side.files(), logs: side.logs, streams: side.streams, wholes: side.wholes };
}

const lines = (count: number) => Array.from({ length: count }, (_, n) => `[${n}] INFO worker-${n % 7} "ok" \t é😀 path\\to\\file`).join("\n");
const call = { id: 7, method: "tools/call", params: { name: "logs" } };
const response = (result: object, id: unknown = 7) => Buffer.from(JSON.stringify({ result, jsonrpc: "2.0", id }));

const tokenBudget = resolveBoundOptions({ budget: { maxBytes: 51_200, maxLines: 2000, maxTokens: 2000 } });

describe("long response frames read as they arrive", () => {
  const cases: [string, object | undefined, Buffer, BoundOptions?][] = [
    ["a tools/call answer of text blocks (the id after the result)", call, response({ content: [{ type: "text", text: lines(20_000) }, { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }, { type: "text", text: lines(9000) }] })],
    ["blocks with annotations and _meta, and an embedded resource (each kept in its place)", call, response({ content: [
      { type: "text", text: "summary", annotations: { audience: ["user"], priority: 0.2 } },
      { type: "text", text: lines(20_000), annotations: { audience: ["assistant"] }, _meta: { "example.com/part": 1 } },
      { type: "resource", resource: { uri: "file:///tmp/a.log", mimeType: "text/plain", text: lines(9000) }, annotations: { priority: 1 } },
    ] })],
    ["with a structuredContent cut as it streams, and _meta", call, response({
      content: [{ type: "text", text: lines(20_000) }],
      structuredContent: { rows: Array.from({ length: 30_000 }, (_, id) => ({ id, ok: id % 3 === 0, big: 12345678901234567890 })) },
      _meta: { "example.com/x": 1.0 },
    })],
    ["with a long structuredContent string of its own (its head and its tail kept, read as it streams)", call, response({
      content: [{ type: "text", text: lines(20_000) }],
      structuredContent: { log: `${lines(15_000)}\nERROR: the last line`, text: lines(20_000) },
    })],
    ["with a structuredContent cut as it streams, held to --max-tokens", call, response({
      content: [{ type: "text", text: lines(20_000) }],
      structuredContent: { rows: Array.from({ length: 30_000 }, (_, id) => ({ id, name: `item ${id}`, desc: `some description text for item number ${id}` })), log: lines(15_000) },
    }), tokenBudget],
    ["an error result, the id first", call, Buffer.from(`{"jsonrpc":"2.0","id":7,"result":${JSON.stringify({ content: [{ type: "text", text: lines(30_000) }], isError: true })}}`)],
    ["an answer that may fit (a large budget): passed as written", call, response({ content: [{ type: "text", text: lines(20_000) }] }), resolveBoundOptions({ budget: { maxBytes: 64 * 1024 * 1024, maxLines: 10_000_000 } })],
    ["an answer to another method", { id: 7, method: "resources/read", params: {} }, response({ contents: [{ uri: "file:///a", text: lines(20_000) }] })],
    ["an answer no one waits for", undefined, response({ content: [{ type: "text", text: lines(20_000) }] })],
    ["a JSON-RPC error", call, Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 7, error: { code: 1, message: lines(20_000) } }))],
    ["a frame that is not JSON", call, Buffer.from(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"${"x".repeat(2_000_000)}`)],
  ];
  for (const [name, request, frame, bound] of cases) {
    it(`gives what routing it whole gives: ${name}`, () => {
      const whole = exchange(false, request, frame, bound);
      const streamed = exchange(true, request, frame, bound, 40_000);
      expect(streamed.streams).toHaveLength(1);
      expect({ ...streamed, streams: [], wholes: [] }).toEqual({ ...whole, streams: [], wholes: [] });
      // A CRLF line end changes nothing.
      const crlf = exchange(true, request, Buffer.concat([frame, Buffer.from("\r")]), bound, 40_000);
      expect({ ...crlf, streams: [], wholes: [] }).toEqual({ ...whole, streams: [], wholes: [] });
    });
  }

  it("holds a streamed structuredContent to --max-tokens, as a result held whole (it was held to the bytes only: 27,404 tokens of 2,000)", () => {
    const frame = response({ content: [{ type: "text", text: lines(20_000) }], structuredContent: { rows: Array.from({ length: 30_000 }, (_, id) => ({ id, name: `item ${id}` })) } });
    const streamed = exchange(true, call, frame, tokenBudget, 40_000);
    expect(streamed.streams).toHaveLength(1);
    const answer = JSON.parse(streamed.toClient[0]!) as { result: { structuredContent: unknown } };
    expect(estimateTokens(JSON.stringify(answer.result.structuredContent))).toBeLessThanOrEqual(2000);
    expect(answer.result.structuredContent).toMatchObject({ rows: expect.arrayContaining([{ id: 0, name: "item 0" }, { id: 29_999, name: "item 29999" }]) });
  });

  it("holds a frame longer than the spill may keep (--max-output) that may need routing whole, and routes it whole as before", () => {
    const small = { content: [{ type: "text", text: "ok" }] };
    const frames: [object, Buffer][] = [
      [{ id: 7, method: "resources/read", params: {} }, response({ content: [{ type: "text", text: lines(40_000) }] })],
      // Its texts may fit when the cap is passed (the structured content comes first and is long).
      [call, response({ ...small, structuredContent: { rows: Array.from({ length: 150_000 }, (_, id) => ({ id })) } })],
      // A structured content reduced before the cap: its reduction might not stand.
      [call, response({ structuredContent: { rows: Array.from({ length: 150_000 }, (_, id) => ({ id })) }, content: [{ type: "text", text: lines(40_000) }] })],
    ];
    for (const [request, frame] of frames) {
      const whole = exchange(false, request, frame, undefined, 65536, 1024 * 1024);
      const streamed = exchange(true, request, frame, undefined, 40_000, 1024 * 1024);
      expect(streamed.streams).toHaveLength(1);
      expect(streamed.streams[0]!.heldBytes).toBe(frame.length);
      expect({ ...streamed, streams: [], wholes: [] }).toEqual({ ...whole, streams: [], wholes: [] });
    }
  });

  it("streams on past --max-output a tools/call answer that can only end up bounded: the spill capped, nothing held", () => {
    const frames = [
      response({ content: [{ type: "text", text: lines(100_000) }] }),
      // A structured content after the cap is kept whole (its reduction could not stand beside the image).
      response({ content: [{ type: "text", text: lines(60_000) }, { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }], structuredContent: { note: "x".repeat(70_000), data: "iVBORw0KGgo=" } }),
    ];
    for (const frame of frames) {
      const whole = exchange(false, call, frame, undefined, 65536, 2 * 1024 * 1024);
      const streamed = exchange(true, call, frame, undefined, 40_000, 2 * 1024 * 1024);
      expect(frame.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(streamed.streams).toHaveLength(1);
      expect(streamed.streams[0]!.heldBytes).toBe(0);
      expect(streamed.streams[0]!.largestHeld).toBeLessThanOrEqual(2 * 65536 + 80_000);
      expect({ ...streamed, streams: [], wholes: [] }).toEqual({ ...whole, streams: [], wholes: [] });
      // Text and structuredContent are each held to the budget (51,200 bytes by default).
      expect(whole.toClient[0]!.length).toBeLessThan(2 * 51_200 + 1000);
      expect(/the per-output cap stopped \d+ bytes/.test(whole.toClient[0]!)).toBe(true);
    }
  });

  it("holds a bounded amount of a long answer, never the frame (the bytes held are counted)", () => {
    const text = lines(300_000); // about 15 MB
    const side = proxy(true, resolveBoundOptions({}), 1024 * 1024);
    side.router.fromClient(Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...call })));
    const bytes = Buffer.concat([response({ content: [{ type: "text", text }] }), Buffer.from("\n")]);
    for (let offset = 0; offset < bytes.length; offset += 65536) side.reader.push(bytes.subarray(offset, offset + 65536));
    expect(side.streams).toHaveLength(1);
    expect(side.streams[0]!.bytes).toBe(bytes.length - 1);
    expect(side.streams[0]!.largestHeld).toBeLessThanOrEqual(2 * 65536);
    expect(side.toClient).toHaveLength(1);
    expect(side.toClient[0]!.length).toBeLessThan(60_000);
  });
});

// An error result to a client that shows less of one (Claude Code: 10,000 bytes; any client with --failure-max-bytes)
// gets that budget once `isError` is read, which may come after its content: the text streamed into a session with
// the usual budget is finished with the smaller one, never read back from the spill and held whole.
describe("a long error result read as it arrives, with a smaller budget of its own", () => {
  const errorCases: [string, Buffer][] = [
    ["isError after the content", response({ content: [{ type: "text", text: lines(30_000) }], isError: true })],
    ["isError before the content, the id first", Buffer.from(`{"jsonrpc":"2.0","id":7,"result":${JSON.stringify({ isError: true, content: [{ type: "text", text: lines(30_000) }] })}}`)],
    ["blocks with annotations, an image and _meta", response({ content: [
      { type: "text", text: lines(20_000), annotations: { audience: ["assistant"] } },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      { type: "text", text: `${lines(9000)}\nError: the build failed` },
    ], _meta: { "example.com/x": 1 }, isError: true })],
    ["with a structuredContent cut as it streams", response({
      content: [{ type: "text", text: lines(20_000) }],
      structuredContent: { rows: Array.from({ length: 30_000 }, (_, id) => ({ id, ok: id % 3 === 0 })) },
      isError: true,
    })],
    // Its texts are over the error's budget, not the usual one: whole, it is cut too, so it is bounded as it streamed.
    ["texts between the two budgets, beside a long structuredContent", response({
      content: [{ type: "text", text: lines(400) }],
      structuredContent: { rows: Array.from({ length: 30_000 }, (_, id) => ({ id, ok: id % 3 === 0 })) },
      isError: true,
    })],
  ];
  for (const errorMaxBytes of [10_000, 8_000]) {
    for (const [name, frame] of errorCases) {
      it(`bounds it to ${errorMaxBytes} bytes as it streamed, as routing it whole does: ${name}`, () => {
        const limits = { errorMaxBytes };
        const whole = exchange(false, call, frame, undefined, 65536, undefined, limits);
        const streamed = exchange(true, call, frame, undefined, 40_000, undefined, limits);
        expect(streamed.streams).toHaveLength(1);
        expect(streamed.wholes).toEqual([]);
        expect(streamed.toClient).toEqual(whole.toClient);
        expect({ ...streamed, streams: [] }).toEqual({ ...whole, streams: [] });
        const result = (JSON.parse(streamed.toClient[0]!) as { result: { content: { type: string; text?: string }[]; isError: boolean } }).result;
        expect(result.isError).toBe(true);
        const text = result.content.filter((block) => block.type === "text").map((block) => block.text).join("\n");
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(errorMaxBytes);
        expect(text).toMatch(/\[full output: /);
        // The usual budget would have given more.
        expect(streamed.toClient[0]!.length).toBeLessThan(exchange(true, call, frame, undefined, 40_000).toClient[0]!.length);
      });
    }
  }

  it("holds a bounded amount of a long error result, never the frame", () => {
    const side = proxy(true, resolveBoundOptions({}), 1024 * 1024, undefined, { errorMaxBytes: 10_000 });
    side.router.fromClient(Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...call })));
    const bytes = Buffer.concat([response({ content: [{ type: "text", text: lines(300_000) }], isError: true }), Buffer.from("\n")]);
    for (let offset = 0; offset < bytes.length; offset += 65536) side.reader.push(bytes.subarray(offset, offset + 65536));
    expect(side.streams).toHaveLength(1);
    expect(side.wholes).toEqual([]);
    expect(side.streams[0]!.largestHeld).toBeLessThanOrEqual(2 * 65536);
    expect(side.streams[0]!.heldBytes).toBe(0);
    expect(side.toClient).toHaveLength(1);
    expect(side.toClient[0]!.length).toBeLessThan(12_000);
  });

  it("past --max-output, streams on and ends with its own budget, as routing it whole does", () => {
    const frame = response({ content: [{ type: "text", text: lines(100_000) }], isError: true });
    const limits = { errorMaxBytes: 10_000 };
    const whole = exchange(false, call, frame, undefined, 65536, 2 * 1024 * 1024, limits);
    const streamed = exchange(true, call, frame, undefined, 40_000, 2 * 1024 * 1024, limits);
    expect(frame.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(streamed.streams[0]!.heldBytes).toBe(0);
    expect(streamed.wholes).toEqual([]);
    expect({ ...streamed, streams: [] }).toEqual({ ...whole, streams: [] });
    expect(whole.toClient[0]!.length).toBeLessThan(12_000);
    expect(/the per-output cap stopped \d+ bytes/.test(whole.toClient[0]!)).toBe(true);
  });
});
