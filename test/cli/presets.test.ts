// `--preset`: the seed systems' and peers' budgets as defaults; explicit flags win (issue 14).
import { describe, expect, test } from "vitest";
import { parseProjectionConfig } from "../../src/cli/projection-config.js";
import { runCli } from "./cli-process.js";

const around = { stdoutIsTTY: false, columns: undefined, env: {} };
const config = (raw: Record<string, unknown>) => parseProjectionConfig(raw, around);

describe("--preset", () => {
  test.each([
    ["rind", { maxBytes: 25600, maxLines: 2000 }, "correx", "json"],
    ["opencode", { maxBytes: 51200, maxLines: 2000 }, "opencode", "text"],
    ["codex", { maxBytes: 10240, maxLines: 10240 }, "correx", "text"],
    ["claude-code", { maxBytes: 30000, maxLines: 30000 }, "correx", "text"],
    ["gemini", { maxBytes: 40000, maxLines: 40000 }, "correx", "text"],
  ])("%s sets the model budget, the cut and the format", (preset, budget, style, format) => {
    const parsed = config({ preset });
    expect(parsed.bound.budget).toEqual(budget);
    expect(parsed.bound.style).toBe(style);
    expect(parsed.format).toBe(format);
  });
  test("head and tail: half and half for Codex and Claude Code, a fifth head for Gemini CLI", () => {
    expect(config({ preset: "codex" }).bound.headRatio).toBe(0.5);
    expect(config({ preset: "claude-code" }).bound.headRatio).toBe(0.5);
    expect(config({ preset: "gemini" }).bound.headRatio).toBe(0.2);
  });
  test("rind's terminal projection is 8 KiB of text", () => {
    const terminal = config({ preset: "rind", for: "terminal" });
    expect(terminal.bound.budget.maxBytes).toBe(8192);
    expect(terminal.format).toBe("text");
  });
  test("explicit flags win over the preset", () => {
    expect(config({ preset: "codex", maxBytes: "2000" }).bound.budget.maxBytes).toBe(2000);
    expect(config({ preset: "rind", format: "text", givenOptions: ["preset", "format"] }).format).toBe("text");
  });
  test("on the command line, commander's defaults do not count as given", () => {
    const input = Array.from({ length: 5000 }, (_, index) => `line ${index + 1}`).join("\n");
    const codex = runCli(["bound", "--for", "model", "--no-spill", "--preset", "codex"], input);
    expect(Buffer.byteLength(codex.text)).toBeLessThanOrEqual(10240);
    expect(Buffer.byteLength(codex.text)).toBeGreaterThan(9000);
    const given = runCli(["bound", "--for", "model", "--no-spill", "--preset", "codex", "--max-lines", "10"], input);
    expect(given.text.split("\n").length).toBeLessThanOrEqual(11);
    expect(runCli(["bound", "--preset", "nope"], "x").code).toBe(2);
  });
});
