// What piped into `correx bound`: when the parent process is a shell running `sh -c SCRIPT` (as agents run
// tool commands), SCRIPT is the command line, kept in the record so that `correx ls` tells outputs apart.
import { readFileSync } from "node:fs";
import * as path from "node:path";

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"]);
const MAX_COMMAND_CHARS = 1000;

/** The `-c` script of the parent shell (Linux /proc), or undefined (an interactive shell, another OS, no access). */
export function parentShellCommand(parentPid: number = process.ppid): string | undefined {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${parentPid}/cmdline`, "utf8").split("\0").filter((part) => part !== "");
  } catch {
    return undefined;
  }
  const shell = path.basename(argv[0] ?? "").replace(/^-/, "");
  const flag = argv.findIndex((part, index) => index > 0 && /^-[a-z]*c[a-z]*$/.test(part));
  if (!SHELLS.has(shell) || flag === -1 || argv[flag + 1] === undefined) return undefined;
  const script = argv[flag + 1]!.trim();
  return script.length > MAX_COMMAND_CHARS ? `${script.slice(0, MAX_COMMAND_CHARS)}…` : script;
}
