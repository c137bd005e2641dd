// Why a command could not be started, said as a shell would and with what to do: the program is looked up where it
// runs (--cwd), and a script whose interpreter is missing names it, or says that its #! line ends in a carriage
// return (a script saved with Windows line ends), the usual reason; "no such file" was said of a script under --cwd
// that was there.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { readFileHead } from "./file-head.js";
import type { RunOutcome, RunSpec } from "./types.js";

/** A shell-like message for a command that could not be started. */
export function describeSpawnError(spec: RunSpec, code: string | undefined, message: string | undefined): NonNullable<RunOutcome["spawnError"]> {
  const program = spec.shell ? "/bin/sh" : spec.command;
  if (spec.cwd !== undefined && !isDirectory(spec.cwd)) {
    const why = exists(spec.cwd) ? "not a directory" : "no such directory";
    return { code: code ?? "ENOENT", message: `${spec.cwd}: ${why} (the working directory it was to run in)` };
  }
  // A path with a slash is found from the command's directory, as execve finds it after the chdir.
  const path = resolve(spec.cwd ?? ".", program);
  switch (code) {
    case "ENOENT":
      if (!program.includes("/")) {
        const hint = !spec.shell && /\s/.test(program) ? ` (a whole command line in one argument: run it with ${spec.shellOption ?? "--shell"})` : "";
        return { code, message: `${program}: command not found${hint}` };
      }
      return exists(path) ? { code, message: `${program}: cannot run: ${describeInterpreter(path)}` } : { code, message: `${program}: no such file` };
    case "ENOEXEC":
      return { code, message: `${program}: cannot execute binary file: Exec format error${message ? ` (${message})` : ""}` };
    case "EACCES":
      return { code, message: isDirectory(path) ? `${program}: is a directory` : `${program}: permission denied (not an executable file)` };
    default: {
      const said = code === undefined ? undefined : ERRNO_WORDS[code];
      return { code: code ?? "EUNKNOWN", message: `${program}: ${said ?? `cannot run: ${message ?? "unknown error"}`}` };
    }
  }
}

/** What a shell says of the other errors execve gives (bash's words; then its exit status, 126). */
const ERRNO_WORDS: Record<string, string> = {
  ELOOP: "cannot run: too many levels of symbolic links",
  ENAMETOOLONG: "cannot run: file name too long",
  ETXTBSY: "cannot run: text file busy (it is being written)",
  E2BIG: "cannot run: argument list too long",
};

/** What is wrong with the #! line of an existing file that execve could not run (ENOENT: its interpreter is missing). */
function describeInterpreter(path: string): string {
  const line = firstLine(path);
  if (line.startsWith("#!") && line.includes("\r")) {
    return "its #! line ends in a carriage return (\\r): the script has Windows line ends (convert it: sed -i 's/\\r$//' FILE, or dos2unix)";
  }
  const interpreter = line.startsWith("#!") ? line.slice(2).trim().split(/\s+/)[0] : undefined;
  return interpreter ? `its interpreter ${interpreter} (the #! line) was not found` : "its interpreter (the #! line) was not found";
}

/** The first line of a file, at most 256 bytes of it ("" when it cannot be read). */
function firstLine(path: string): string {
  const text = readFileHead(path, 256)?.toString("latin1") ?? "";
  const end = text.indexOf("\n");
  return end === -1 ? text : text.slice(0, end);
}

/** True when something exists at the path. */
function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** True when the path names an existing directory. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
