// End to end: a relative $CORREX_SPILL_DIR or --spill-dir: the marker's `correx read` command and read's next
// command name the store by its absolute path, so they work from any directory (an agent's next command runs
// elsewhere), with the same relative $CORREX_SPILL_DIR still set.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { cleanEnv, CORREX } from "../spill/run-binary.js";

const numbered = Array.from({ length: 3000 }, (_, index) => `line ${index + 1}`).join("\n") + "\n";

/** Runs correx in `cwd`. */
function correx(args: string[], cwd: string, env: NodeJS.ProcessEnv, input = ""): { stdout: string; status: number | null } {
  const result = spawnSync(process.execPath, [CORREX, ...args], { cwd, env, input, encoding: "utf8" });
  return { stdout: result.stdout, status: result.status };
}

/** The `correx read …` command of a marker, as arguments (none of them quoted: the temporary paths need no quotes). */
function markerCommand(stdout: string): string[] {
  const command = /read the omitted part with: correx (read [^,]+),/.exec(stdout);
  expect(command).not.toBeNull();
  return command![1]!.split(" ");
}

describe("a store named by a relative path", () => {
  const root = fs.mkdtempSync(path.join(tmpdir(), "correx-relative-"));
  const project = path.join(root, "project");
  const elsewhere = path.join(root, "elsewhere");
  fs.mkdirSync(project);
  fs.mkdirSync(elsewhere);

  test("CORREX_SPILL_DIR=outputs: the marker's command names the store's absolute path and reads from another directory", () => {
    const env = cleanEnv({ CORREX_SPILL_DIR: "outputs" });
    const bound = correx(["bound", "--for", "model", "--max-lines", "20"], project, env, numbered);
    const command = markerCommand(bound.stdout);
    expect(command).toContain(`--spill-dir`);
    expect(command[command.indexOf("--spill-dir") + 1]).toBe(path.join(project, "outputs"));
    const page = correx(command, elsewhere, env);
    expect(page.status).toBe(0);
    expect(page.stdout).toContain(`<path>${path.join(project, "outputs")}/`);
    expect(page.stdout).toMatch(/\n\d+: line \d+\n/);
  });

  test("read's next command on a terminal names the store's absolute path too", () => {
    const env = cleanEnv({ CORREX_SPILL_DIR: "outputs" });
    const page = correx(["read", "last", "--for", "terminal", "--limit", "2"], project, env);
    expect(page.stdout).toContain(`; more: correx read last --offset 3 --spill-dir ${path.join(project, "outputs")})`);
    const flagged = correx(["read", "last", "--for", "terminal", "--limit", "2", "--spill-dir", "outputs"], project, cleanEnv());
    expect(flagged.stdout).toContain(`--spill-dir ${path.join(project, "outputs")})`);
  });

  test("an absolute CORREX_SPILL_DIR is found by every command as it is: the marker does not repeat it", () => {
    const env = cleanEnv({ CORREX_SPILL_DIR: path.join(root, "absolute") });
    const bound = correx(["bound", "--for", "model", "--max-lines", "20"], project, env, numbered);
    expect(markerCommand(bound.stdout)).not.toContain("--spill-dir");
  });
});
