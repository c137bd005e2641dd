// `correx read ID --raw` on a binary output: its bytes to stdout as stored, in constant memory.
import { closeSync, constants, openSync, readSync } from "node:fs";
import { writeStdout } from "./io.js";

const CHUNK_BYTES = 1024 * 1024;

/** Copies a stored file to stdout (never through a symbolic link). */
export async function streamStoredFile(path: string): Promise<void> {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    for (let position = 0; ; ) {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES); // a new buffer each time: stdout may still hold the last one
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, position);
      if (read === 0) return;
      position += read;
      await writeStdout(buffer.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
