// Where a JSON string ends, its bytes arriving in chunks of any size: the next quote by indexOf, unless an odd run of
// backslashes comes right before it (a run that may have begun in the chunk before). Nothing is decoded.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The end of one string whose opening quote was just read (`start`), chunk after chunk. */
export class JsonStringEnd {
  /** Backslashes ending the string's bytes so far (their parity says whether the next byte is escaped). */
  private slashes = 0;

  start(): void {
    this.slashes = 0;
  }

  /** The index just past the closing quote, reading from `from`, or -1 when the chunk ends first. */
  find(chunk: Uint8Array, from: number): number {
    for (let index = from; ;) {
      const quote = chunk.indexOf(QUOTE, index);
      const stop = quote === -1 ? chunk.length : quote;
      let at = stop - 1;
      while (at >= from && chunk[at] === BACKSLASH) at -= 1;
      const run = stop - 1 - at + (at < from ? this.slashes : 0);
      if (quote === -1) {
        this.slashes = run;
        return -1;
      }
      if (run % 2 === 0) return quote + 1;
      index = quote + 1;
    }
  }
}
