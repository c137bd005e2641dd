// Test helper: a small tmpfs (a full disk, a read-only file system) mounted in a private mount namespace
// (unshare -rm: root, or user namespaces allowed), with bash scripts run inside it.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";

/** A string quoted for sh. */
export const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs a bash script; stdout, stderr and the status. */
export function bash(script: string): { stdout: string; stderr: string; status: number | null } {
  const run = spawnSync("bash", ["-c", script], { env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 64 * 1024 * 1024 });
  return { stdout: run.stdout.toString(), stderr: run.stderr.toString(), status: run.status };
}

/** Whether a tmpfs can be mounted in a private mount namespace here (`root`: a folder for the probe). */
export function tmpfsMountable(root: string): boolean {
  const dir = fs.mkdtempSync(join(root, "probe-"));
  return spawnSync("unshare", ["-rm", "sh", "-c", `mount -t tmpfs -o size=64k tmpfs ${quote(dir)}`]).status === 0;
}

/** Runs `setup` then `command` in a private mount namespace with a tmpfs of `size` at a new directory (MNT) in `root`. */
export function withTmpfs(root: string, size: string, setup: string, command: string): { stdout: string; stderr: string; status: number | null; mount: string } {
  const mount = fs.mkdtempSync(join(root, "mnt-"));
  const script = `mount -t tmpfs -o size=${size} tmpfs ${quote(mount)} && ${setup.replaceAll("MNT", quote(mount))} && ${command.replaceAll("MNT", quote(mount))}`;
  return { ...bash(`exec unshare -rm bash -c ${quote(script)}`), mount };
}
