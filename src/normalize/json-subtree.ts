// Finds where a JSON container ends, its bytes arriving in chunks of any size, at one table look-up a byte: only
// brackets and strings matter (the value is checked by the parse that reads it later).

/** Outside strings: 1 for a quote, 2 for an opening bracket, 3 for a closing one, else 0. */
const OUTSIDE = new Uint8Array(256);
OUTSIDE[0x22] = 1;
OUTSIDE[0x7b] = OUTSIDE[0x5b] = 2;
OUTSIDE[0x7d] = OUTSIDE[0x5d] = 3;
/** Inside strings: 1 for a quote, 2 for a backslash, else 0. */
const INSIDE = new Uint8Array(256);
INSIDE[0x22] = 1;
INSIDE[0x5c] = 2;

/** Skips one container whose opening bracket was just read (`start`), chunk after chunk. */
export class JsonSubtreeSkipper {
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** A container just opened. */
  start(): void {
    this.depth = 1;
    this.inString = false;
    this.escaped = false;
  }

  /** Skips from `from`: the index after the container's closing bracket, or -1 when the chunk ended first. */
  skip(chunk: Uint8Array, from: number): number {
    let index = from;
    const length = chunk.length;
    while (index < length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          index += 1;
          continue;
        }
        let kind = 0;
        for (; index < length; index += 1) if ((kind = INSIDE[chunk[index]!]!) !== 0) break;
        if (index >= length) break;
        if (kind === 1) this.inString = false;
        else this.escaped = true;
        index += 1;
        continue;
      }
      let kind = 0;
      for (; index < length; index += 1) if ((kind = OUTSIDE[chunk[index]!]!) !== 0) break;
      if (index >= length) break;
      index += 1;
      if (kind === 1) this.inString = true;
      else if (kind === 2) this.depth += 1;
      else if ((this.depth -= 1) === 0) return index;
    }
    return -1;
  }
}
