// The last bytes of a stream of decoded UTF-8 (a long JSON string's, as structured-reducer.ts reads it), kept in a
// buffer of twice their size so that a write copies at most what it keeps; read back as the string's last units.

import { isLowSurrogateAt } from "../text/utf8.js";

/** Keeps the last `size` bytes written. */
export class TailBytes {
  private readonly buffer: Buffer;
  private filled = 0;

  constructor(private readonly size: number) {
    this.buffer = Buffer.alloc(2 * size);
  }

  /** The stream's next bytes (the caller may reuse them). */
  readonly write = (bytes: Uint8Array): void => {
    if (bytes.length >= this.size) {
      this.buffer.set(bytes.subarray(bytes.length - this.size));
      this.filled = this.size;
      return;
    }
    if (this.filled + bytes.length > this.buffer.length) {
      this.buffer.copyWithin(0, this.filled - this.size, this.filled);
      this.filled = this.size;
    }
    this.buffer.set(bytes, this.filled);
    this.filled += bytes.length;
  };

  /**
   * The last `units` UTF-16 units of the text the bytes end (fewer when they hold fewer): decoded from the first
   * whole character kept, never starting inside a surrogate pair.
   */
  text(units: number): string {
    let start = Math.max(0, this.filled - this.size);
    while (start < this.filled && (this.buffer[start]! & 0xc0) === 0x80) start += 1;
    const text = this.buffer.toString("utf8", start, this.filled);
    const from = Math.max(0, text.length - units);
    return text.slice(isLowSurrogateAt(text, from) ? from + 1 : from);
  }
}
