// The text view of a structured input (`<id>.text`) written while its text streams: held in memory until the
// spill's id is known, then written to the file as it comes; removed when nothing is saved.
import * as fs from "node:fs";
import { describeError, type TextViewWritten } from "../spill/store.js";
import { utf8CharBoundary } from "../text/utf8.js";

/** Text held before the file is opened; past it (a spill that could not open) the view is given up. */
const MEMORY_LIMIT = 4 * 1024 * 1024;

/**
 * Streams one text view to disk; failures are kept (said in the marker), never thrown. `maxBytes`: the per-output cap,
 * which holds for the view as for the bytes as read; past it (cut where a character starts) the rest is counted in
 * `notSavedBytes`.
 */
export class TextViewSink {
  failure: string | undefined;
  /** Bytes of the text the cap kept out of the view. */
  notSavedBytes = 0;
  /** Bytes of the text taken (written or held). */
  private taken = 0;
  private memory: Buffer[] = [];
  private memoryBytes = 0;
  private fd: number | undefined;
  private path: string | undefined;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {}

  /** The next bytes of the text (copied while held; the caller may reuse them). */
  write(text: Uint8Array): void {
    if (this.failure !== undefined) return;
    const bytes = this.withinCap(text);
    if (bytes.length === 0) return;
    if (this.fd !== undefined) {
      this.writeAll(bytes);
      return;
    }
    this.memory.push(Buffer.from(bytes));
    this.memoryBytes += bytes.length;
    if (this.memoryBytes > MEMORY_LIMIT) this.giveUp("the text view could not be written (no spill file)");
  }

  /** What of `text` fits under the cap, cut where a character starts; the rest is counted as not saved. */
  private withinCap(text: Uint8Array): Uint8Array {
    if (this.notSavedBytes > 0) {
      this.notSavedBytes += text.length;
      return text.subarray(0, 0);
    }
    const room = this.maxBytes - this.taken;
    if (text.length <= room) {
      this.taken += text.length;
      return text;
    }
    const end = utf8CharBoundary(text, Math.max(room, 0)); // a character the cap would split is left out whole
    this.taken += end;
    this.notSavedBytes = text.length - end;
    return text.subarray(0, end);
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

  /**
   * Closes the file: its path and the bytes the cap kept out, or why it could not be written (asked again, the same
   * answer: a refusal saves again).
   */
  close(): TextViewWritten | { failure: string } {
    if (this.failure !== undefined) return { failure: this.failure };
    if (this.fd === undefined && this.path !== undefined) return { path: this.path, notSavedBytes: this.notSavedBytes }; // closed already
    if (this.fd === undefined || this.path === undefined) return { failure: "the text view was never opened" };
    try {
      fs.closeSync(this.fd);
      this.fd = undefined;
      return { path: this.path, notSavedBytes: this.notSavedBytes };
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
