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
