// `correx proxy` in front of @modelcontextprotocol/server-filesystem (from the registry): a large file read is
// bounded (text and structuredContent, which the SDK Client still validates against the tool's outputSchema), the
// whole result is saved and paged with read_output; media pass unchanged unless --max-media caps them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, firstText, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FILESYSTEM = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
const IMAGE = join(ROOT, "test", "fixtures", "image.png");
const MAX_BYTES = 4000;
let open: Connected[] = [];
let folder = "";

beforeAll(() => {
  assertBuilt();
  folder = temporaryDirectory("correx-proxy-files-");
  writeFileSync(join(folder, "big.log"), Array.from({ length: 30_000 }, (_, index) => (index === 17_000 ? "FATAL: disk on fire" : `row ${index + 1} of a large log`)).join("\n") + "\n");
  writeFileSync(join(folder, "image.png"), readFileSync(IMAGE));
  const rows = Array.from({ length: 3000 }, (_, index) => ({ id: index + 1, sku: `SKU-${index * 37}`, price: { amount: index * 3, currency: "EUR" } }));
  writeFileSync(join(folder, "orders.json"), JSON.stringify({ orders: rows, total: 3000, next_page: null }));
});
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

async function start(flags: string[] = []): Promise<Connected> {
  const spill = join(temporaryDirectory("correx-proxy-spill-"), "spill");
  const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--max-bytes", String(MAX_BYTES), "--spill-dir", spill, ...flags, "--", process.execPath, FILESYSTEM, folder]);
  open.push(connection);
  return connection;
}

describe("correx proxy -- server-filesystem", () => {
  test("a large file: text bounded with the marker, structuredContent cut in shape (still valid), the rest readable", async () => {
    const { client, errors } = await start();
    const result = await client.callTool({ name: "read_text_file", arguments: { path: join(folder, "big.log") } });
    const text = firstText(result);
    expect(Buffer.byteLength(JSON.stringify(result.content))).toBeLessThanOrEqual(MAX_BYTES);
    expect(text).toMatch(/^row 1 of a large log\n/);
    expect(text).toMatch(/row 30000 of a large log\n?$/);
    const id = /\[full output: [^\]]*(tool_[0-9a-z]{26})/.exec(text)?.[1];
    expect(id).toBeDefined();
    const structured = result.structuredContent as { content: string };
    expect(typeof structured.content).toBe("string");
    expect(Buffer.byteLength(JSON.stringify(structured))).toBeLessThanOrEqual(MAX_BYTES);
    // The text repeated in structuredContent (as Codex CLI shows it) is the bounded text: head, the FATAL line, tail.
    expect(structured.content).toBe(text);
    expect(structured.content).toContain("FATAL: disk on fire");
    expect(structured.content).toContain(id);
    const page = await client.callTool({ name: "read_output", arguments: { id, offset: 17_000, limit: 3 } });
    expect(firstText(page)).toContain("17001: FATAL: disk on fire");
    const found = await client.callTool({ name: "grep_output", arguments: { id, pattern: "FATAL", context: 0 } });
    expect(firstText(found)).toBe("Found 1 match\nLine 17001: FATAL: disk on fire\n");
    expect(errors).toEqual([]);
  });

  test("a large JSON file (one minified line): its JSON view, every top-level key, the lines it names paged by read_output", async () => {
    const { client, errors } = await start();
    const result = await client.callTool({ name: "read_text_file", arguments: { path: join(folder, "orders.json") } });
    const text = firstText(result);
    expect(Buffer.byteLength(JSON.stringify(result.content))).toBeLessThanOrEqual(MAX_BYTES);
    expect(text).toMatch(/^\{\n {2}"orders": \[\n {4}\{\n {6}"id": 1,/);
    expect(text).toContain('  "total": 3000,\n  "next_page": null\n}\n');
    const [, from] = /… [\d,]+ more items: lines (\d+)-[\d,]+ …/.exec(text) ?? [];
    const id = /\[full output: [^\]]*(tool_[0-9a-z]{26})/.exec(text)?.[1];
    expect(from && id).toBeTruthy();
    const pretty = JSON.stringify(JSON.parse(readFileSync(join(folder, "orders.json"), "utf8")), null, 2).split("\n");
    const page = await client.callTool({ name: "read_output", arguments: { id, offset: Number(from), limit: 2 } });
    expect(firstText(page)).toContain(`${from}: ${pretty[Number(from) - 1]}\n${Number(from) + 1}: ${pretty[Number(from)]}\n`);
    expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(MAX_BYTES);
    expect(errors).toEqual([]);
  });

  test("a small result passes through exactly as the server wrote it", async () => {
    const direct = await connect(process.execPath, [FILESYSTEM, folder]);
    open.push(direct);
    const { client } = await start();
    const args = { name: "list_directory", arguments: { path: folder } };
    expect(await client.callTool(args)).toEqual(await direct.client.callTool(args));
  });

  test("an image comes through unchanged, in content and in structuredContent, however small the budget", async () => {
    const { client } = await start(["--max-bytes", "1000"]);
    const result = await client.callTool({ name: "read_media_file", arguments: { path: join(folder, "image.png") } });
    const expected = { type: "image", data: readFileSync(IMAGE).toString("base64"), mimeType: "image/png" };
    expect(result.content).toEqual([expected]);
    expect(result.structuredContent).toEqual({ content: [expected] });
  });

  test("--max-media caps an image: a note in its place, the data emptied in structuredContent", async () => {
    const { client } = await start(["--max-media", "1KiB"]);
    const result = await client.callTool({ name: "read_media_file", arguments: { path: join(folder, "image.png") } });
    // the note names the saved answer, which the model can read (before: "the full result is saved", no id)
    const id = /^\[image image\/png, 8\.3 KiB: left out by --max-media 1\.0 KiB; the full result is saved: read_output id=(tool_\w+)\]$/.exec(firstText(result))?.[1];
    expect(id).toBeDefined();
    expect(result.structuredContent).toEqual({ content: [{ type: "image", data: "", mimeType: "image/png" }] });
    const saved = await client.callTool({ name: "read_output", arguments: { id } });
    expect(saved.isError).toBeFalsy();
    // the saved copy shows the note with the id it is saved under (before: a placeholder, tool_000…)
    expect(firstText(saved)).toContain(`the full result is saved: read_output id=${id}]`);
    expect(firstText(saved)).not.toContain("tool_0000");
  });
});
