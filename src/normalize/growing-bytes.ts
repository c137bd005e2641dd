// Bytes appended piece by piece into one buffer that doubles when full: no copy kept a piece and no concatenation
// at the end (the envelope reader's skeleton).

/** An append-only byte buffer. */
export class GrowingBytes {
  private buffer = Buffer.allocUnsafe(4096);
  /** Bytes appended so far. */
  length = 0;

  /** Appends a copy of `bytes` (the caller may reuse them). */
  append(bytes: Uint8Array): void {
    const need = this.length + bytes.length;
    if (need > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length = need;
  }

  /** Everything appended, as one buffer (a view: nothing is copied); the builder is empty afterwards. */
  take(): Buffer {
    const bytes = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.alloc(0);
    this.length = 0;
    return bytes;
  }
}
