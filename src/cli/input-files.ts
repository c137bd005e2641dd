// Where a bounding command's bytes come from: files named on the command line (in order, like cat), or stdin.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { IoError, UsageError } from "../errors.js";
import { readStdin } from "./io.js";

const READ_SIZE = 1024 * 1024;

/** The hint a person sees when correx waits on a terminal for input they may not know it wants. */
export const STDIN_HINT = "correx: reading standard input; end with Ctrl-D (or name files: correx bound FILE...)\n";

/** stdin, with a one-line hint on stderr first when stdin is a terminal (as a waiting filter should say). */
export function readStdinWithHint(): AsyncGenerator<Buffer> {
  if (process.stdin.isTTY === true) process.stderr.write(STDIN_HINT);
  return readStdin();
}

/**
 * The named files as one stream, in order (`-` is stdin). Every file is opened before anything is read, so a
 * missing or unreadable one is a usage error (exit 2) that costs nothing; a directory is refused the same way.
 */
export function readFiles(paths: string[]): AsyncGenerator<Buffer> {
  const descriptors = paths.map((path) => (path === "-" ? undefined : openReadable(path)));
  return streamFiles(paths, descriptors);
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

async function* streamFiles(paths: string[], descriptors: (number | undefined)[]): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(READ_SIZE);
  try {
    for (const [index, fd] of descriptors.entries()) {
      if (fd === undefined) {
        yield* readStdin();
        continue;
      }
      for (;;) {
        let read: number;
        try {
          read = readSync(fd, buffer, 0, READ_SIZE, null);
        } catch (error) {
          throw new IoError(`cannot read ${paths[index]}: ${(error as Error).message}`, { cause: error });
        }
        if (read === 0) break;
        yield buffer.subarray(0, read);
      }
    }
  } finally {
    for (const fd of descriptors) if (fd !== undefined) closeSync(fd);
  }
}
