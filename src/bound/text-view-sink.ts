// The text view of a structured input (`<id>.text`) written while its text streams: held in memory until the
// spill's id is known, then written to the file as it comes; removed when nothing is saved.
import * as fs from "node:fs";
import { describeError } from "../spill/store.js";

/** Text held before the file is opened; past it (a spill that could not open) the view is given up. */
const MEMORY_LIMIT = 4 * 1024 * 1024;

/** Streams one text view to disk; failures are kept (said in the marker), never thrown. */
export class TextViewSink {
  failure: string | undefined;
  private memory: Buffer[] = [];
  private memoryBytes = 0;
  private fd: number | undefined;
  private path: string | undefined;

  /** The next bytes of the text (copied while held; the caller may reuse them). */
  write(bytes: Uint8Array): void {
    if (this.failure !== undefined) return;
    if (this.fd !== undefined) {
      this.writeAll(bytes);
      return;
    }
    this.memory.push(Buffer.from(bytes));
    this.memoryBytes += bytes.length;
    if (this.memoryBytes > MEMORY_LIMIT) this.giveUp("the text view could not be written (no spill file)");
  }

  /** Opens the file (0600, exclusive, never through a symlink) and writes what was held. */
  open(path: string): void {
    if (this.failure !== undefined || this.fd !== undefined) return;
    try {
      const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
      this.fd = fs.openSync(path, flags, 0o600);
      this.path = path;
    } catch (error) {
      this.giveUp(`cannot write ${path}: ${describeError(error)}`);
      return;
    }
    for (const piece of this.memory) this.writeAll(piece);
    this.memory = [];
    this.memoryBytes = 0;
  }

  /** Stops keeping the view (why is said when the spill is saved). */
  giveUp(reason: string): void {
    this.failure ??= reason;
    this.memory = [];
    this.memoryBytes = 0;
    this.remove();
  }

  /** Closes the file: its path, or why it could not be written (asked again, the same answer: a refusal saves again). */
  close(): string | { failure: string } {
    if (this.failure !== undefined) return { failure: this.failure };
    if (this.fd === undefined && this.path !== undefined) return this.path; // closed already
    if (this.fd === undefined || this.path === undefined) return { failure: "the text view was never opened" };
    try {
      fs.closeSync(this.fd);
      this.fd = undefined;
      return this.path;
    } catch (error) {
      this.giveUp(`cannot close ${this.path}: ${describeError(error)}`);
      return { failure: this.failure! };
    }
  }

  /** Removes the file (nothing was saved, or saving failed). */
  remove(): void {
    if (this.fd !== undefined) {
      try {
        fs.closeSync(this.fd);
      } catch {
        // already closed or gone: removing is all that is left
      }
      this.fd = undefined;
    }
    if (this.path !== undefined) fs.rmSync(this.path, { force: true });
    this.path = undefined;
  }

  private writeAll(bytes: Uint8Array): void {
    try {
      let offset = 0;
      while (offset < bytes.length) offset += fs.writeSync(this.fd!, bytes, offset, bytes.length - offset);
    } catch (error) {
      this.giveUp(`cannot write ${this.path}: ${describeError(error)}`);
    }
  }
}
