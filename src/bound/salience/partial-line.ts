// The line a piece of the byte path ends inside: its bytes are carried to the next piece (up to a cap: the rest of a
// longer line is not scored), and the line is handed back whole once its newline arrives.
import { MAX_LINE_CHARS } from "./owners.js";

/** Bytes of a partial line carried to the next piece (and of a line decoded for scoring). */
export const MAX_CARRY = 4 * MAX_LINE_CHARS;

/** A line begun in one piece and ended in a later one. */
export class PartialLine {
  private parts: Buffer[] = [];
  private bytes = 0;
  /** The line is longer than MAX_CARRY, or began before the scan did: it is not scored. */
  private clipped = false;

  /** True while a line is carried (its newline has not come yet). */
  get open(): boolean {
    return this.parts.length > 0;
  }

  /** Starts over where the scan begins: inside a line (not scored) or at a line's start (nothing carried). */
  begin(atLineStart: boolean): void {
    this.parts = atLineStart ? [] : [Buffer.alloc(0)];
    this.bytes = 0;
    this.clipped = !atLineStart;
  }

  /** More bytes of the line (copied: the piece is only read during the call). */
  keep(bytes: Buffer): void {
    if (this.clipped || this.bytes + bytes.length > MAX_CARRY) {
      this.clipped = true;
      if (this.parts.length === 0) this.parts = [Buffer.alloc(0)];
      return;
    }
    this.parts.push(Buffer.from(bytes));
    this.bytes += bytes.length;
  }

  /** The line's last bytes arrived: its text, or undefined when it was clipped; nothing is carried after. */
  close(last: Buffer): string | undefined {
    this.keep(last);
    const text = this.clipped ? undefined : Buffer.concat(this.parts).toString("utf8");
    this.begin(true);
    return text;
  }
}
