// `correx hook` (the built binary) writes the event's numbers as the agent wrote them (SPEC §2: no path re-serializes a
// number through a double). Before, a rewritten input's `12345678901234567890` came back `12345678901234567000` and
// `150000.0` came back `150000` (and was not read as a timeout: the stop fell to the 2-minute default's 113 s), and a
// bounded MCP output's structuredContent lost its big integers and `1.0`.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../cli/cli-process.js";
import { assertBuilt } from "../run/cli-process.js";

beforeAll(() => assertBuilt());

const store = (): string => join(mkdtempSync(join(tmpdir(), "correx-hook-numbers-")), "spill");
const numbered = (event: unknown): string => JSON.stringify(event).replace('"BIG"', "12345678901234567890").replace('"FLOAT"', "150000.0").replace('"ONE"', "1.0");

describe("correx hook keeps numbers as written", () => {
  test("claude-code PreToolUse: the rewritten input's numbers, and a float timeout read as the number it is", () => {
    const event = numbered({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "make", timeout: "FLOAT", extra: "BIG" } });
    const run = runCli(["hook", "claude-code", "--spill-dir", store()], event);
    expect(run.code, run.stderr).toBe(0);
    expect(run.text).toContain('"timeout":150000.0,"extra":12345678901234567890}');
    expect(run.text).toContain("--timeout 143s");
  });

  test("claude-code PostToolUse on an MCP tool: a bounded output's structuredContent", () => {
    const text = Array.from({ length: 5000 }, (_, index) => `line ${index}`).join("\n");
    const event = numbered({ hook_event_name: "PostToolUse", tool_name: "mcp__db__query", tool_input: {}, tool_response: { content: [{ type: "text", text }], structuredContent: { id: "BIG", ratio: "ONE" } } });
    const run = runCli(["hook", "claude-code", "--spill-dir", store()], event);
    expect(run.code, run.stderr).toBe(0);
    expect(run.text).toContain('"updatedMCPToolOutput":{');
    expect(run.text).toContain('"structuredContent":{"id":12345678901234567890,"ratio":1.0}');
  });

  test("codex PreToolUse: the rewritten input's numbers", () => {
    const event = numbered({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "make", yield_time_ms: "FLOAT" } });
    const run = runCli(["hook", "codex", "--spill-dir", store()], event);
    expect(run.code, run.stderr).toBe(0);
    expect(run.text).toContain('"yield_time_ms":150000.0}');
  });
});
