// Runs the built binary (bin/correx → dist/cli.cjs; `npm run build` first) with a private config dir.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** The launcher of the built CLI. */
export const CORREX = fileURLToPath(new URL("../../bin/correx", import.meta.url));

/** What a run of the binary gave. */
export interface BinaryResult {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** An environment without the caller's correx settings: its own empty XDG config dir. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: fs.mkdtempSync(path.join(tmpdir(), "correx-xdg-")), NO_COLOR: "1" };
  for (const name of ["CORREX_SPILL_DIR", "CORREX_MAX_AGE", "CORREX_QUOTA", "CORREX_MAX_OUTPUT", "FORCE_COLOR"]) delete env[name];
  return { ...env, ...extra };
}

/** Runs correx to completion. */
export function runCorrex(args: readonly string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): BinaryResult {
  const result = spawnSync(process.execPath, [CORREX, ...args], { input: options.input ?? "", env: options.env ?? cleanEnv(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** Runs correx without blocking (for many at once), feeding `input` (a file path is streamed). */
export function startCorrex(args: readonly string[], options: { inputFile?: string; env?: NodeJS.ProcessEnv } = {}): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CORREX, ...args], { env: options.env ?? cleanEnv(), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ stdout, stderr, status }));
    if (options.inputFile) fs.createReadStream(options.inputFile).pipe(child.stdin);
    else child.stdin.end();
  });
}

/** The output id a marker names. */
export function markerId(text: string): string {
  const match = /correx read (tool_[0-9a-z]{26})/.exec(text);
  if (!match) throw new Error(`no output id in: ${text.slice(0, 500)}`);
  return match[1]!;
}
