// The `<id>.idx` file a SpillWriter keeps beside the data: best effort (a failure drops the index, never the
// spill), written through a LineIndexBuilder so the index logic stays a separate piece fed with chunks.
import * as fs from "node:fs";
import { discardFile } from "./directory.js";
import { LineIndexBuilder } from "./line-index.js";

/** Writes a line index for the data saved at `dataPath` to `<dataPath>.idx` (0600, exclusive, never a symlink). */
export class IndexFile {
  readonly path: string;
  private fd: number | undefined;
  private readonly builder: LineIndexBuilder | undefined;

  constructor(dataPath: string) {
    this.path = `${dataPath}.idx`;
    try {
      const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
      this.fd = fs.openSync(this.path, flags, 0o600);
      this.builder = new LineIndexBuilder((bytes) => this.append(bytes));
    } catch {
      this.fd = undefined; // no index: readers scan instead
    }
  }

  /** Indexes the next bytes saved to the data file. */
  write(chunk: Uint8Array): void {
    if (this.fd !== undefined) this.builder?.write(chunk);
  }

  /** Writes the trailer and closes; the index is complete only then. */
  close(): void {
    if (this.fd === undefined) return;
    this.builder?.finish();
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
