// The `<id>.idx` file beside a spill's data: best effort (a failure drops the index, never the spill), written
// through a LineIndexBuilder so the index logic stays a separate piece fed with chunks. The file is opened by the
// writer (openIndexFile) and filled by whichever thread saves the data: the calling thread or the spill worker.
import * as fs from "node:fs";
import { discardFile } from "./directory.js";
import { LineIndexBuilder } from "./line-index.js";

/** The index path of the data at `dataPath`. */
export function indexPathOf(dataPath: string): string {
  return `${dataPath}.idx`;
}

/** Creates `<dataPath>.idx` (0600, exclusive, never a symlink); undefined when it cannot be (readers scan instead). */
export function openIndexFile(dataPath: string): number | undefined {
  try {
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
    return fs.openSync(indexPathOf(dataPath), flags, 0o600);
  } catch {
    return undefined;
  }
}

/** Writes a line index for the data saved at `dataPath` into its open, empty index file `fd`. */
export class IndexFile {
  readonly path: string;
  private fd: number | undefined;
  private readonly builder: LineIndexBuilder;

  constructor(dataPath: string, fd: number) {
    this.path = indexPathOf(dataPath);
    this.fd = fd;
    this.builder = new LineIndexBuilder((bytes) => this.append(bytes));
  }

  /** Indexes the next bytes saved to the data file. */
  write(chunk: Uint8Array): void {
    if (this.fd !== undefined) this.builder.write(chunk);
  }

  /** Writes the trailer and closes; the index is complete only then. */
  close(): void {
    if (this.fd === undefined) return;
    this.builder.finish();
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Removes the index (the data was not kept, or the index could not be written). */
  remove(): void {
    discardFile(this.fd, this.path);
    this.fd = undefined;
  }

  private append(bytes: Buffer): void {
    if (this.fd === undefined) return;
    try {
      let offset = 0;
      while (offset < bytes.length) offset += fs.writeSync(this.fd, bytes, offset, bytes.length - offset);
    } catch {
      this.remove();
    }
  }
}
