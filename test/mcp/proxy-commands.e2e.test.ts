// `correx proxy` in front of mcp-server-commands (from the registry: an MCP server whose run_command tool runs a
// shell command and answers with its stdout and stderr as text blocks, isError when it fails), the proxy's main use:
// a failing build's long output (the recorded cargo run, 140 warnings around one error) comes back within the budget
// with the lines an engineer needs (its must-keep list), paged by read_output; a command's JSON gets its JSON view;
// a small result passes through as the server wrote it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, firstText, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const COMMANDS = join(ROOT, "node_modules", "mcp-server-commands", "build", "index.js");
const CARGO = join(ROOT, "test", "fixtures", "salience", "cargo-e0308-after-warnings");
const MAX_BYTES = 10_000;
let open: Connected[] = [];
let folder = "";

beforeAll(() => {
  assertBuilt();
  folder = temporaryDirectory("correx-proxy-commands-");
  const rows = Array.from({ length: 2000 }, (_, index) => ({ name: `pkg-${index}`, version: `1.${index % 17}.0`, dependencies: index % 5 }));
  writeFileSync(join(folder, "packages.json"), JSON.stringify({ packages: rows, count: rows.length, registry: "https://registry.npmjs.org/" }));
});
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

async function proxied(): Promise<Connected> {
  const spill = join(temporaryDirectory("correx-proxy-commands-spill-"), "spill");
  const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--max-bytes", String(MAX_BYTES), "--spill-dir", spill, "--", process.execPath, COMMANDS]);
  open.push(connection);
  return connection;
}

const texts = (result: unknown): string => (result as { content: { type: string; text?: string }[] }).content.map((block) => block.text ?? "").join("\n");

describe("correx proxy -- mcp-server-commands", () => {
  test("a failing build's long stderr: within the budget, isError kept, every must-keep line shown, the error paged by read_output", async () => {
    const { client, errors } = await proxied();
    const result = await client.callTool({ name: "run_command", arguments: { command: `cat '${CARGO}.txt' >&2; exit 101`, workdir: folder } });
    expect(result.isError).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(result.content))).toBeLessThanOrEqual(MAX_BYTES);
    const shown = texts(result);
    const mustKeep = readFileSync(`${CARGO}.must-keep.txt`, "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
    expect(mustKeep.filter((line) => !shown.includes(line))).toEqual([]);
    const id = /\[full output: [^\]]*(tool_[0-9a-z]{26})/.exec(shown)?.[1];
    expect(id).toBeDefined();
    const found = await client.callTool({ name: "grep_output", arguments: { id, pattern: "^error\\[E0308\\]", context: 0 } });
    const line = /Line (\d+): error\[E0308\]: mismatched types/.exec(firstText(found))?.[1];
    expect(line).toBeDefined();
    const page = await client.callTool({ name: "read_output", arguments: { id, offset: Number(line), limit: 2 } });
    expect(firstText(page)).toContain(`${line}: error[E0308]: mismatched types\n${Number(line) + 1}:   --> ledger/src/m13.rs:38:25\n`);
    expect(errors).toEqual([]);
  });

  test("a command's JSON over the budget: its JSON view, every top-level key", async () => {
    const { client } = await proxied();
    const result = await client.callTool({ name: "run_command", arguments: { command: "cat packages.json", workdir: folder } });
    const text = firstText(result);
    expect(Buffer.byteLength(JSON.stringify(result.content))).toBeLessThanOrEqual(MAX_BYTES);
    expect(text).toMatch(/^\{\n {2}"packages": \[\n/);
    expect(text).toContain('  "count": 2000,\n  "registry": "https://registry.npmjs.org/"\n}\n');
    expect(text).toMatch(/… [\d,]+ more items: lines \d+-[\d,]+ …/);
  });

  test("a small result passes through as the server wrote it", async () => {
    const direct = await connect(process.execPath, [COMMANDS]);
    open.push(direct);
    const { client } = await proxied();
    const call = { name: "run_command", arguments: { command: "echo out; echo err >&2; exit 3" } };
    const expected = await direct.client.callTool(call);
    expect(expected.isError).toBe(true);
    expect(await client.callTool(call)).toEqual(expected);
  });
});
