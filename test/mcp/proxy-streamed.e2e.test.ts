// `correx proxy` with a long answer (a frame over 1 MiB, read as it arrives: mcp/streamed-result.ts): the SDK's own
// Client accepts the bounded answer (the SDK checks it against CallToolResultSchema), its marker names the saved
// output, and read_output pages the whole text from it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FLAKY = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");
let open: Connected[] = [];

/** The echo tool's text of `bytes` bytes (mcp-flaky-server.mjs's lines, rebuilt here). */
function echoText(bytes: number): string {
  const line = (index: number) => `${String(index).padStart(9, "0")} INFO worker-${index % 13} processed a batch of records\n`;
  const lines: string[] = [];
  for (let index = 1, size = 0; size < bytes; index += 1) size += lines[lines.push(line(index)) - 1]!.length;
  return lines.join("").slice(0, bytes);
}

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
    // Every byte of the text saved as the server wrote it (the server's reads land in one reused buffer: a piece kept
    // by reference past its read would show here as another read's bytes).
    expect(readFileSync(join(spill, `${id}.text`)).equals(Buffer.from(echoText(bytes)))).toBe(true);
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).not.toMatch(/dropped|error/i);
  });

  test("past --max-output, streams on and gives what `correx bound --max-output` gives: the spill capped, the SDK Client takes it", async () => {
    const spill = join(temporaryDirectory("correx-proxy-capped-"), "spill");
    const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--max-output", "2MiB", "--", process.execPath, FLAKY, "ok"]);
    open.push(connection);
    const bytes = 5 * 1024 * 1024;
    const result = await connection.client.callTool({ name: "echo", arguments: { bytes } }, undefined, { timeout: 120_000 });
    // The same text bounded by `correx bound`.
    const input = JSON.stringify({ content: [{ type: "text", text: echoText(bytes) }] });
    const other = join(temporaryDirectory("correx-bound-capped-"), "spill");
    const bound = spawnSync(process.execPath, [CORREX_BIN, "bound", "--from", "mcp", "--to", "mcp", "--spill-dir", other, "--max-output", "2MiB"], { input, maxBuffer: 1 << 20 });
    const expected = JSON.parse(bound.stdout.toString()) as { content: { text: string }[] };
    // The cap holds for the text view and for the input as read, which is the response frame here (its envelope: a
    // few bytes more than `bound`'s input).
    const capped = /only the first (\d+) bytes of the text and (\d+) bytes of the input as read were saved: the per-output cap stopped (\d+) bytes of the text/;
    const stable = (text: string, dir: string) => text.split(dir).join("DIR").replace(/tool_[0-9a-z]{26}/g, "ID").replace(capped, "CAPPED");
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(stable(text, spill)).toBe(stable(expected.content[0]!.text, other));
    const [textSaved, saved, textStopped] = capped.exec(text)!.slice(1).map(Number);
    const [textSavedAlone, savedAlone, textStoppedAlone] = capped.exec(expected.content[0]!.text)!.slice(1).map(Number);
    expect([saved, savedAlone]).toEqual([2 * 1024 * 1024, 2 * 1024 * 1024]);
    expect([textSaved, textSavedAlone]).toEqual([2 * 1024 * 1024, 2 * 1024 * 1024]); // the echoed text is ASCII
    expect([textSaved! + textStopped!, textSavedAlone! + textStoppedAlone!]).toEqual([bytes, bytes].map((size) => Buffer.byteLength(echoText(size))));
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).not.toMatch(/dropped|error/i);
  });
});
