// Where a bounding command's bytes come from: files named on the command line (in order, like cat), or stdin.
import { closeSync, fstatSync, openSync, statSync, type Stats } from "node:fs";
import { UsageError } from "../errors.js";
import type { StopWatch } from "./interrupt.js";
import { readInterruptibly } from "./interruptible-input.js";
import type { HandedInput } from "./pass-through.js";
import { stderrStream, stdinIsTTY } from "./io.js";

/** The hint a person sees when correx waits on a terminal for input they may not know it wants. */
export const STDIN_HINT = "correx: reading standard input; end with Ctrl-D (or name files: correx bound FILE...)\n";

/**
 * stdin, with a one-line hint on stderr first when stdin is a terminal (as a waiting filter should say); it ends
 * early when `stop` gets a signal. `handed`: what bin/correx read of stdin before (pass-through.ts) comes first.
 */
export function readStdinWithHint(stop: StopWatch, handed?: HandedInput): AsyncGenerator<Buffer> {
  if (handed) return readAfter(handed, stop);
  if (stdinIsTTY()) stderrStream().write(STDIN_HINT);
  return readInterruptibly(0, "standard input", stop);
}

/** The bytes read of stdin already, then (unless they were all of it) the rest of it. */
async function* readAfter(handed: HandedInput, stop: StopWatch): AsyncGenerator<Buffer> {
  if (handed.bytes.length > 0) {
    stop.bytesRead += handed.bytes.length;
    yield handed.bytes;
  }
  if (!handed.ended) yield* readInterruptibly(0, "standard input", stop);
}

/**
 * The named files as one stream, in order (`-` is stdin). Every file is opened before anything is read, so a
 * missing or unreadable one is a usage error (exit 2) that costs nothing; a directory is refused the same way.
 */
export function readFiles(paths: string[], stop: StopWatch): AsyncGenerator<Buffer> {
  const descriptors = paths.map((path) => (path === "-" ? undefined : openReadable(path)));
  return streamFiles(paths, descriptors, stop);
}

function openReadable(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new UsageError(`cannot read ${path}: ${reason}`, { cause: error });
  }
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    throw new UsageError(`cannot read ${path}: it is a directory`);
  }
  return fd;
}

/**
 * The files' bytes in order. Standard input is read once, to its end: a second `-` adds nothing (as for a pipe),
 * and fd 0 is not read again after the socket correx may have made on it closed it at its end.
 */
async function* streamFiles(paths: string[], descriptors: (number | undefined)[], stop: StopWatch): AsyncGenerator<Buffer> {
  let stdinRead = false;
  try {
    for (const [index, fd] of descriptors.entries()) {
      if (stop.signal !== undefined) return stop.cut();
      if (fd === undefined && stdinRead) continue;
      stdinRead ||= fd === undefined;
      yield* readInterruptibly(fd ?? 0, fd === undefined ? "standard input" : paths[index]!, stop);
    }
  } finally {
    for (const fd of descriptors) if (fd !== undefined) closeSync(fd);
  }
}

/**
 * How many bytes the input is known to hold before it is read: the sizes of the named files (`-` or none: stdin's),
 * when each is a regular file (a pipe, terminal or socket cannot tell); undefined otherwise. A hint only (stdin
 * may be read from past its start, a file may grow): a big one starts the spill worker with the spill's first write.
 */
export function knownInputBytes(paths: string[], stdin = 0): number | undefined {
  let total = 0;
  for (const path of paths.length > 0 ? new Set(paths) : ["-"]) {
    let stat: Stats;
    try {
      stat = path === "-" ? fstatSync(stdin) : statSync(path);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    total += stat.size;
  }
  return total;
}
