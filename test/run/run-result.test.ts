import { describe, expect, test } from "vitest";
import { classifyRun, describeRunResult, exitCodeForRun, formatCommandLine, worstCaseOutcomes } from "../../src/run/run-result.js";
import type { RunOutcome } from "../../src/run/types.js";

const ended = (fields: Partial<RunOutcome>): RunOutcome => ({ exitCode: null, signal: null, timedOut: false, durationMs: 12, ...fields });
const facts = { command: "npm test", tool: "bash" };

describe("exitCodeForRun", () => {
  test.each<[string, RunOutcome, number]>([
    ["exit 0", ended({ exitCode: 0 }), 0],
    ["its own code", ended({ exitCode: 3 }), 3],
    ["255", ended({ exitCode: 255 }), 255],
    ["timeout wins over the signal that carried it out", ended({ signal: "SIGTERM", timedOut: true }), 124],
    ["timeout wins over an exit code after SIGTERM", ended({ exitCode: 143, timedOut: true }), 124],
    ["killed by SIGTERM", ended({ signal: "SIGTERM" }), 143],
    ["killed by SIGKILL", ended({ signal: "SIGKILL" }), 137],
    ["interrupted: the signal correx received", ended({ signal: "SIGKILL", interrupted: "SIGINT" }), 130],
    ["interrupted, though the command exited by itself", ended({ exitCode: 0, interrupted: "SIGHUP" }), 129],
    ["not found", ended({ spawnError: { code: "ENOENT", message: "x: command not found" } }), 127],
    ["not executable", ended({ spawnError: { code: "EACCES", message: "x: permission denied" } }), 126],
    ["any other spawn failure (as bash: 126 but for a command or file not there)", ended({ spawnError: { code: "E2BIG", message: "x: cannot run" } }), 126],
  ])("%s", (_name, outcome, code) => {
    expect(exitCodeForRun(outcome)).toBe(code);
  });
});

describe("describeRunResult", () => {
  test("a clean exit is ok, with the process facts in meta", () => {
    expect(describeRunResult(ended({ exitCode: 0 }), { ...facts, timeoutMs: 5000 }, true)).toEqual({
      ok: true, tool: "bash", data: "",
      meta: { exit_code: 0, signal: null, timed_out: false, timeout_ms: 5000, interrupted: false, duration_ms: 12, command: "npm test", source_shape: "text" },
    });
  });

  test("a failure says how it ended as the error, beside the output (JSON payload)", () => {
    expect(describeRunResult(ended({ exitCode: 2 }), facts, true)).toEqual({
      ok: false, tool: "bash", data: "", error: "Command exited with code 2.", error_type: "exit_code",
      meta: { exit_code: 2, signal: null, timed_out: false, interrupted: false, duration_ms: 12, command: "npm test", source_shape: "text" },
    });
  });

  test("a background job that held the output past the exit is in meta; the run is as ok as its exit", () => {
    expect(describeRunResult(ended({ exitCode: 0, outputHeldMs: 2000 }), facts, true)).toMatchObject({ ok: true, meta: { exit_code: 0, output_held_ms: 2000 } });
    expect(describeRunResult(ended({ exitCode: 0 }), facts, true).meta).not.toHaveProperty("output_held_ms");
  });

  test("for a provider payload the output itself becomes the error text", () => {
    const result = describeRunResult(ended({ signal: "SIGKILL" }), facts, false);
    expect(result).toMatchObject({ ok: false, error_type: "signal" });
    expect(result).not.toHaveProperty("data");
    expect(result).not.toHaveProperty("error");
  });

  test.each<[RunOutcome, string, string]>([
    [ended({ signal: "SIGTERM", timedOut: true }), "timeout", "Command exceeded timeout of 300 ms. Retry with a larger timeout."],
    [ended({ signal: "SIGINT", interrupted: "SIGINT" }), "interrupted", "Command was interrupted (SIGINT)."],
    [ended({ signal: "SIGSEGV" }), "signal", "Command was killed by signal SIGSEGV."],
    [ended({ spawnError: { code: "ENOENT", message: "nope: command not found" } }), "spawn_error", "Command exited with code 127."],
  ])("error type and sentence: %#", (outcome, type, sentence) => {
    expect(describeRunResult(outcome, { ...facts, timeoutMs: 300 }, true)).toMatchObject({ ok: false, error_type: type, error: sentence });
  });

  test("an interrupt names the signal correx received; a spawn failure its code", () => {
    expect(describeRunResult(ended({ signal: "SIGKILL", interrupted: "SIGTERM" }), facts, true).meta).toMatchObject({ interrupted: true, interrupt_signal: "SIGTERM", signal: "SIGKILL" });
    expect(describeRunResult(ended({ spawnError: { code: "EACCES", message: "" } }), facts, true).meta).toMatchObject({ exit_code: 126, spawn_error: "EACCES" });
  });

  test("the worst cases are at least as long as any real result", () => {
    const longest = Math.max(...worstCaseOutcomes().map((outcome) => JSON.stringify(describeRunResult(outcome, facts, true)).length));
    for (const outcome of [ended({ exitCode: 1 }), ended({ signal: "SIGKILL", interrupted: "SIGINT" }), ended({ signal: "SIGTERM", timedOut: true }), ended({ exitCode: 1, outputHeldMs: 2000 })]) {
      expect(JSON.stringify(describeRunResult(outcome, facts, true)).length).toBeLessThanOrEqual(longest);
    }
  });
});

describe("classifyRun", () => {
  test("a clean exit is no error", () => {
    expect(classifyRun(ended({ exitCode: 0 }))).toBeUndefined();
  });
});

describe("formatCommandLine", () => {
  test("argv words are quoted only where a shell needs it", () => {
    expect(formatCommandLine("sh", ["-c", "echo 'hi' && ls"], false)).toBe(`sh -c 'echo '\\''hi'\\'' && ls'`);
    expect(formatCommandLine("npm", ["test", "--", "--run"], false)).toBe("npm test -- --run");
  });

  test("a shell command line is shown as given", () => {
    expect(formatCommandLine("make -j8 | tail", ["extra"], true)).toBe("make -j8 | tail extra");
  });
});
