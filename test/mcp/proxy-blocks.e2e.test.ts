// `correx proxy` cutting a result of several blocks (a fake server, test/fixtures/bin/mcp-blocks-server.mjs): the
// SDK's own Client takes the answer (it checks it against CallToolResultSchema), and every block keeps its place,
// its annotations and _meta, the resource its uri and mimeType; held whole or read as it arrives (over 1 MiB).
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-blocks-server.mjs");
let open: Connected[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

type Block = Record<string, unknown> & { type: string; text?: string };

describe("correx proxy, a result of several blocks over the budget", () => {
  for (const [name, lines] of [["held whole", 500], ["read as it arrives", 15_000]] as const) {
    test(`${name}: each block keeps its fields, the answer is valid and within the budget`, async () => {
      const spill = join(temporaryDirectory("correx-proxy-blocks-"), "spill");
      const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--max-bytes", "6000", "--spill-dir", spill, "--", process.execPath, SERVER]);
      open.push(connection);
      const result = await connection.client.callTool({ name: "blocks", arguments: { lines } }, undefined, { timeout: 60_000 });
      expect(CallToolResultSchema.parse(result)).toEqual(result);
      const content = result.content as Block[];
      expect(content.map((block) => block.type)).toEqual(["text", "text", "image", "resource"]);
      expect(content[0]).toEqual({ type: "text", text: "Build finished with errors.", annotations: { audience: ["user"], priority: 0.2 } });
      expect(content[1]).toMatchObject({ annotations: { audience: ["assistant"], priority: 1 }, _meta: { "example.com/part": "log" } });
      expect(content[1]!.text).toMatch(/^build 1: INFO/);
      expect(content[1]!.text).toMatch(/error: linking failed: undefined symbol main/);
      const all = content.map((block) => String(block.text ?? (block.resource as { text?: string } | undefined)?.text ?? "")).join("\n");
      expect(all.match(/\[\.\.\. omitted /g)).toHaveLength(1);
      expect(all).toMatch(/correx read tool_[0-9a-z]{26}/);
      expect(content[2]).toMatchObject({ type: "image", mimeType: "image/png", annotations: { audience: ["user"] } });
      expect(content[3]).toMatchObject({ annotations: { priority: 0.5 }, resource: { uri: "file:///build/report.txt", mimeType: "text/plain" } });
      expect((content[3]!.resource as { text: string }).text).toMatch(/report ends here$/);
      const withoutData = content.map((block) => (typeof block.data === "string" ? { ...block, data: "" } : block));
      expect(Buffer.byteLength(JSON.stringify({ ...result, content: withoutData }))).toBeLessThanOrEqual(6000);
      expect(connection.errors).toEqual([]);
    });
  }
});
