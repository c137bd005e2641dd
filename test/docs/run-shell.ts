// Test helper: run documented command lines as a user would, with this clone's correx first on PATH.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (with a trailing slash). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What a command line gave back. */
export interface ShellRun {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** A fresh temporary directory. */
export function createTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `correx-${prefix}-`));
}

/** The environment of a documented run: no colours, `bin/` first on PATH, and no npm script variables. */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("npm_")));
  return { ...inherited, NO_COLOR: "1", FORCE_COLOR: undefined, PATH: `${join(ROOT, "bin")}:${process.env.PATH ?? ""}`, ...extra };
}

/** Runs `sh -c COMMAND` (from the repository root unless `cwd` says otherwise). */
export function runShell(command: string, options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): ShellRun {
  const result = spawnSync("sh", ["-c", command], {
    cwd: options.cwd ?? ROOT,
    env: userEnvironment(options.env),
    input: options.input ?? "",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

/** Output ids: `tool_` and 26 characters of time and randomness. */
export const OUTPUT_ID = /tool_[0-9a-z]{26}/g;

/** Replaces what differs from run to run (store paths, output ids) with stable placeholders. */
export function normalizeVolatile(text: string): string {
  return text.replace(/\/[^\s;'"\\]*\/tool-output(?=[/\s;'"]|$)/g, "<store>").replace(OUTPUT_ID, "<id>");
}
