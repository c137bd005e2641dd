// `correx proxy` (the built binary) with a tools/call result that has a structuredContent and no content array: the
// MCP SDK reads it as a CallToolResult (`content` defaults to []), and clients show the model its structuredContent
// (Codex CLI alone, opencode as a text block of its JSON). Before, it passed whole, however large (208 KB through a
// 51,200-byte budget); now its structuredContent is cut in shape, within the budget, saved, and it still has no content.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { join } from "node:path";
import { z } from "zod";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-echo-result-server.mjs");
let open: Connected[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

async function proxy(flags: string[]): Promise<Connected> {
  const spill = join(temporaryDirectory("correx-proxy-structured-only-"), "spill");
  const connection = await connect(process.execPath, [CORREX_BIN, "proxy", ...flags, "--spill-dir", spill, "--", process.execPath, SERVER]);
  open.push(connection);
  return connection;
}

const log = Array.from({ length: 5000 }, (_, index) => `line ${index} of the log`).join("\n");
const rows = Array.from({ length: 3000 }, (_, id) => ({ id, name: `item ${id}` }));

describe("correx proxy bounds a result that has structuredContent and no content", () => {
  test("its structuredContent is cut within the budget, the cut said in _meta, and no content is added", async () => {
    const { client } = await proxy(["--max-bytes", "4000"]);
    const raw = await client.callTool({ name: "result", arguments: { result: { structuredContent: { log, rows } } } });
    expect(CallToolResultSchema.parse(raw)).toEqual(raw);
    // the SDK client gives a result without content `content: []`: the proxy wrote none
    expect(raw.content).toEqual([]);
    expect(Buffer.byteLength(JSON.stringify(raw.structuredContent))).toBeLessThanOrEqual(4000);
    const structured = raw.structuredContent as { log: string; rows: unknown[] };
    expect(structured.log).toMatch(/^line 0 of the log\n/);
    expect(structured.log).toMatch(/line 4999 of the log$/);
    const cut = (raw._meta as Record<string, { paths: string[]; id: string }>)["correx/structuredContentCut"]!;
    expect(cut.paths).toEqual(expect.arrayContaining(["$.log", "$.rows"]));
    // the whole result is saved: read_output pages it
    const page = await client.callTool({ name: "read_output", arguments: { id: cut.id, offset: 1, limit: 5 } });
    expect(page.isError).toBeFalsy();
    expect((page.content as { text: string }[])[0]!.text).toContain("line 1 of the log");
  });

  test.each([["an array", rows], ["a string", log]])("2026-07-28, which allows any JSON value there: %s is cut within the budget too", async (_name, value) => {
    const { client } = await proxy(["--max-bytes", "4000"]);
    // the installed SDK's CallToolResultSchema takes objects only: the answer read as it is
    const raw = await client.request({ method: "tools/call", params: { name: "result", arguments: { result: { structuredContent: value } } } }, z.object({ structuredContent: z.unknown(), _meta: z.record(z.string(), z.unknown()).optional() }).passthrough());
    // before, it passed whole: 108,890 bytes (the string) and 90,781 (the array) through a 4,000-byte budget
    expect(Buffer.byteLength(JSON.stringify(raw.structuredContent))).toBeLessThanOrEqual(4000);
    expect(typeof raw.structuredContent).toBe(typeof value);
    expect(raw).not.toHaveProperty("content");
    expect(raw._meta?.["correx/structuredContentCut"]).toMatchObject({ paths: ["$"] });
  });

  test("one that fits passes as it came", async () => {
    const { client } = await proxy([]);
    const raw = await client.callTool({ name: "result", arguments: { result: { structuredContent: { rows: rows.slice(0, 3) } } } });
    expect(raw).toEqual({ content: [], structuredContent: { rows: rows.slice(0, 3) } });
  });

  test("a result with neither (an extension's) passes as it came", async () => {
    const { client } = await proxy(["--max-bytes", "4000"]);
    const raw = await client.request({ method: "tools/call", params: { name: "result", arguments: { result: { toolResult: log } } } }, CallToolResultSchema.passthrough());
    expect((raw as { toolResult?: string }).toolResult).toBe(log);
  });
});
