// Test helper: spawn the built binary with stdin and collect stdout, stderr and the exit status.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Absolute path of the launcher (the built bundle must exist: `npm run build`). */
export const CORREX = fileURLToPath(new URL("../../bin/correx", import.meta.url));

/** What a run of the binary gave back. */
export interface CliRun {
  stdout: Buffer;
  text: string;
  stderr: string;
  code: number | null;
}

/** Runs `correx ARGS` with `input` on stdin. */
export function runCli(args: string[], input: string | Buffer = "", env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [CORREX, ...args], {
    input,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { stdout: result.stdout, text: result.stdout.toString("utf8"), stderr: result.stderr.toString("utf8"), code: result.status };
}
