// `correx proxy` and a tool's outputSchema, which the SDK client checks every structuredContent against (with its
// formats: ajv-formats): a cut structuredContent still validates. Before, a URL shorter than the note a cut adds was
// cut all the same, into a longer string that was no URL, and the client rejected the whole call (-32602).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-echo-result-server.mjs");
const OUTPUT_SCHEMA = {
  type: "object",
  properties: {
    results: {
      type: "array",
      items: {
        type: "object",
        properties: { url: { type: "string", format: "uri" }, title: { type: "string" }, published: { type: "string", format: "date-time" }, snippet: { type: "string" } },
        required: ["url", "published", "snippet"],
        additionalProperties: false,
      },
    },
  },
  required: ["results"],
};
let connection: Connected;

beforeAll(async () => {
  assertBuilt();
  const spill = join(temporaryDirectory("correx-proxy-schema-"), "spill");
  connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--max-bytes", "2000", "--", process.execPath, SERVER, JSON.stringify(OUTPUT_SCHEMA)]);
  await connection.client.listTools();
});
afterAll(async () => {
  await connection?.client.close();
});

describe("correx proxy: a cut structuredContent still matches the tool's outputSchema", () => {
  test("search results over a small budget: the snippets cut, each URL (format uri) whole, the call accepted", async () => {
    const results = Array.from({ length: 5 }, (_, index) => ({
      url: `https://docs.example.com/guides/model-context-protocol/transports/streamable-http/session-management?section=${index}&lang=en#resumability`,
      title: `Result ${index}`,
      published: "2025-06-18T10:00:00Z",
      snippet: `snippet ${index} `.repeat(500).slice(0, 5000),
    }));
    const result = await connection.client.callTool({ name: "result", arguments: { result: { content: [{ type: "text", text: JSON.stringify({ results }) }], structuredContent: { results } } } });
    const cut = (result.structuredContent as { results: typeof results }).results;
    expect(cut.length).toBeGreaterThan(0);
    for (const item of cut) {
      expect(results.map((whole) => whole.url)).toContain(item.url);
      expect(item.snippet.length).toBeLessThan(results[0]!.snippet.length);
    }
    expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(2000);
    expect(connection.errors).toEqual([]);
  });
});
