// `correx mcp`'s run tool answers a failed command with isError, which Claude Code throws and cuts past 11,024
// characters to the first and last 5,000 (src/hooks/README.md): to Claude Code, a failed run is bounded to 10,000 bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { codexView, opencodeView } from "./client-cuts.js";
import { connectCorrex, firstText, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const RECORDED = join(ROOT, "test", "fixtures", "salience", "npm-workspaces-script-error");
const replay = (code: number) => ({ command: `cat '${RECORDED}.txt'; exit ${code}` });

let open: Connected | undefined;
beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

async function runAs(clientName: string, code: number): Promise<{ text: string; isError: boolean }> {
  open = await connectCorrex(["mcp", "--spill-dir", join(temporaryDirectory("correx-mcp-client-"), "spill")], {}, clientName);
  const result = await open.client.callTool({ name: "run", arguments: replay(code) });
  return { text: firstText(result), isError: result.isError === true };
}

describe("the run tool's budget for the client", () => {
  test("Claude Code: a failed run fits what it shows of an error whole, the errors in the middle kept", async () => {
    const failed = await runAs("claude-code", 1);
    expect(failed.isError).toBe(true);
    expect(Buffer.byteLength(failed.text)).toBeLessThanOrEqual(10_000);
    expect(Buffer.byteLength(failed.text)).toBeGreaterThan(8_000);
    for (const line of readFileSync(`${RECORDED}.must-keep.txt`, "utf8").split("\n").filter(Boolean)) expect(failed.text).toContain(line);
    expect(failed.text).toMatch(/read_output|correx read/);
  });

  test("Claude Code: a run that passed keeps the whole budget; another client's failed run too", async () => {
    const passed = await runAs("claude-code", 0);
    expect(passed.isError).toBe(false);
    expect(Buffer.byteLength(passed.text)).toBeGreaterThan(20_000);
    await open?.client.close();
    const other = await runAs("some-client", 1);
    expect(other.isError).toBe(true);
    expect(Buffer.byteLength(other.text)).toBeGreaterThan(20_000);
  });

  test("Gemini CLI: a run's output fits the 40,000 characters it shows of one text part whole", async () => {
    const passed = await runAs("gemini-cli-mcp-client", 0);
    expect(Buffer.byteLength(passed.text)).toBeLessThanOrEqual(40_000);
    expect(Buffer.byteLength(passed.text)).toBeGreaterThan(30_000);
  });

  test("Codex CLI: it reads a result's structuredContent as JSON, and its cut (48,000 bytes by its estimate) leaves it whole", async () => {
    open = await connectCorrex(["mcp", "--spill-dir", join(temporaryDirectory("correx-mcp-client-"), "spill")], {}, "codex-mcp-client");
    const result = (await open.client.callTool({ name: "run", arguments: replay(1) })) as { content: { type: string; text?: string }[]; structuredContent: { text: string } };
    const [seen] = codexView(result);
    expect(seen).toBe(JSON.stringify(result.structuredContent));
    for (const line of readFileSync(`${RECORDED}.must-keep.txt`, "utf8").split("\n").filter(Boolean)) expect(result.structuredContent.text).toContain(line);
  });

  test("opencode: a run of 6,000 short lines is held to what opencode shows whole (2,000 lines as it counts them)", async () => {
    open = await connectCorrex(["mcp", "--spill-dir", join(temporaryDirectory("correx-mcp-client-"), "spill")], {}, "opencode");
    const result = (await open.client.callTool({ name: "run", arguments: { command: "seq 1 6000" } })) as { content: { type: string; text?: string }[] };
    const joined = result.content.filter((block) => block.type === "text").map((block) => block.text).join("\n");
    expect(opencodeView(result)).toBe(joined);
    expect(joined).toMatch(/read_output|correx read/);
  });
});

describe("read_output pages within the client's budget, as the run whose marker named the output", () => {
  const LONG = { command: "seq 1 20000 | sed 's/$/: error: expected ; before token/'" };
  type Result = { content: { type: string; text?: string }[]; structuredContent: { text: string; output_id?: string; next_offset?: number } };

  /** Runs `command` as the client named, then reads the omitted part with read_output as the marker says. */
  async function readAs(clientName: string, command: { command: string }): Promise<{ run: Result; page: Result }> {
    open = await connectCorrex(["mcp", "--spill-dir", join(temporaryDirectory("correx-mcp-client-"), "spill")], {}, clientName);
    const run = (await open.client.callTool({ name: "run", arguments: command })) as Result;
    const { output_id: id, next_offset: offset } = run.structuredContent;
    expect(id).toBeDefined();
    const page = (await open.client.callTool({ name: "read_output", arguments: { id, offset } })) as Result;
    expect(firstText(page)).toContain(`\n${offset}: ${offset}`);
    expect(firstText(page)).toMatch(/Use offset=\d+ to continue\.\)$/);
    return { run, page };
  }

  test("Gemini CLI: a page fits the 40,000 characters it shows of one text part whole, and so does the marker's read command's", async () => {
    const { run, page } = await readAs("gemini-cli-mcp-client", LONG);
    expect(Buffer.byteLength(firstText(page))).toBeLessThanOrEqual(40_000);
    expect(Buffer.byteLength(firstText(page))).toBeGreaterThan(35_000);
    expect(firstText(run)).toMatch(/correx read tool_\w+ --spill-dir \S+ --offset \d+ --max-bytes 40000, or: sed/);
  });

  test("Codex CLI: a page's structuredContent, which it reads as JSON, is left whole by its cut", async () => {
    const { page } = await readAs("codex-mcp-client", LONG);
    expect(codexView(page)).toEqual([JSON.stringify(page.structuredContent)]);
    expect(Buffer.byteLength(JSON.stringify(page.structuredContent))).toBeLessThanOrEqual(40_000);
  });

  test("Claude Code: a page keeps the server's budget (it shows a successful result whole up to 25,000 tokens)", async () => {
    const { page } = await readAs("claude-code", LONG);
    expect(Buffer.byteLength(JSON.stringify(page.structuredContent))).toBeLessThanOrEqual(51_200);
    expect(Buffer.byteLength(firstText(page))).toBeGreaterThan(45_000);
  });

  test("opencode: a page of short lines is held to the 2,000 lines it shows whole, its continuation line kept", async () => {
    const { page } = await readAs("opencode", { command: "seq 1 6000" });
    expect(opencodeView(page)).toBe(firstText(page));
  });
});
