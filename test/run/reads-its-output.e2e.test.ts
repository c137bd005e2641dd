// End-to-end: a command that reads from its own output (vi, when its stdin is no terminal, reads its keys from
// stderr) gets end-of-file there, as it would from a pipe under Codex CLI or Claude Code, and ends; before, correx's
// end of the socket pair was left open for writing, and such a read waited for ever (`EDITOR=vi correx run -- git
// commit` ran until its --timeout or the agent's). `--timeout` here only turns the old hang into a failed assertion.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, runCorrex, spillDirectory } from "./cli-process.js";

beforeAll(assertBuilt);

function installed(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("correx run of a command that reads from its output", () => {
  test.each(["merged", "separate"])("a read from stderr or stdout ends at once (--stderr %s)", async (stderr) => {
    const script = "read a <&2; echo \"stderr read: $?\"; read b <&1; echo \"stdout read: $?\"";
    const result = await runCorrex(["run", "--stderr", stderr, "--timeout", "30s", "--spill-dir", spillDirectory(), "--", "sh", "-c", script]);
    expect(result.code).toBe(0);
    expect(result.stdout.toString()).toContain("stderr read: 1\nstdout read: 1\n");
  });

  test.runIf(installed("git") && installed("vi"))("git commit with EDITOR=vi: vi ends reading no input, git says so, and the run exits 1", async () => {
    const repository = mkdtempSync(join(tmpdir(), "correx-vi-commit-"));
    const git = (...args: string[]) => execFileSync("git", ["-C", repository, ...args], { stdio: "ignore" });
    git("init", "-q");
    writeFileSync(join(repository, "a.txt"), "a\n");
    git("add", "a.txt");
    const environment = { EDITOR: "vi", VISUAL: undefined, GIT_EDITOR: undefined, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" };
    const result = await runCorrex(["run", "--timeout", "30s", "--cwd", repository, "--spill-dir", spillDirectory(), "--", "git", "commit"], { env: environment });
    const text = result.stdout.toString();
    expect({ code: result.code, timedOut: text.includes("exceeded timeout") }).toEqual({ code: 1, timedOut: false });
    expect(text).toContain("There was a problem with the editor 'vi'");
    expect(text).toContain("Command exited with code 1.");
  });
});
