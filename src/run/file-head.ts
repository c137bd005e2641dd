// The first bytes of a file, for a look at what a program is before or after a spawn fails (foreign-binary.ts,
// spawn-error.ts).
import { closeSync, openSync, readSync } from "node:fs";

/** Up to `bytes` of the start of the file at `path`; undefined when it cannot be read (the spawn says why). */
export function readFileHead(path: string, bytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
