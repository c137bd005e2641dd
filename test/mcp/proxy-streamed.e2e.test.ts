// `correx proxy` with a long answer (a frame over 1 MiB, read as it arrives: mcp/streamed-result.ts): the SDK's own
// Client accepts the bounded answer (the SDK checks it against CallToolResultSchema), its marker names the saved
// output, and read_output pages the whole text from it.
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FLAKY = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");
let open: Connected[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

describe("correx proxy, a long answer", () => {
  test("is bounded as it arrives: the SDK Client takes it, and read_output pages the saved whole", async () => {
    const spill = join(temporaryDirectory("correx-proxy-streamed-"), "spill");
    const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, FLAKY, "ok"]);
    open.push(connection);
    const bytes = 6 * 1024 * 1024;
    const result = await connection.client.callTool({ name: "echo", arguments: { bytes } }, undefined, { timeout: 120_000 });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(text.length).toBeLessThan(60_000);
    expect(text).toMatch(/^000000001 INFO /);
    const id = /correx read (tool_[0-9a-z]{26})/.exec(text)?.[1] ?? /id=(tool_[0-9a-z]{26})/.exec(text)?.[1];
    expect(id).toBeDefined();
    const page = await connection.client.callTool({ name: "read_output", arguments: { id, offset: 50_000, limit: 2 } });
    expect((page.content as { text: string }[])[0]!.text).toContain("050000 INFO");
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).not.toMatch(/dropped|error/i);
  });
});
