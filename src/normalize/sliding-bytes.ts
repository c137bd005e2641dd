// The recent bytes of a stream, addressed by their offset in it: appended at the end, dropped from the front once
// no longer needed (the structured-content reducer keeps only the bytes of what it has not parsed yet).

/** A window on a byte stream: bytes from `start` to the end of what was appended. */
export class SlidingBytes {
  private buffer = Buffer.allocUnsafe(128 * 1024);
  /** The stream offset of buffer[0]. */
  private base = 0;
  /** The first stream offset still held. */
  private start = 0;
  private length = 0;
  /** The most bytes held at once (for the memory tests). */
  largest = 0;

  /** Appends a copy of `bytes` (the caller may reuse them). */
  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const kept = this.length - (this.start - this.base);
      const target = kept + bytes.length > this.buffer.length / 2 ? Buffer.allocUnsafe(Math.max(this.buffer.length * 2, kept + bytes.length)) : this.buffer;
      this.buffer.copy(target, 0, this.start - this.base, this.length);
      this.buffer = target;
      this.length = kept;
      this.base = this.start;
    }
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
    this.largest = Math.max(this.largest, this.length - (this.start - this.base));
  }

  /** Forgets the bytes before stream offset `offset`. */
  dropBefore(offset: number): void {
    this.start = Math.max(this.start, Math.min(offset, this.base + this.length));
  }

  /** The bytes from stream offset `from` to `to` (a view: valid until the next append). */
  slice(from: number, to: number): Buffer {
    if (from < this.start || to > this.base + this.length || from > to) throw new RangeError(`bytes ${from}–${to} are not held (${this.start}–${this.base + this.length})`);
    return this.buffer.subarray(from - this.base, to - this.base);
  }

  /** Forgets everything (the stream goes on past what is held). */
  clear(): void {
    this.base += this.length;
    this.start = this.base;
    this.length = 0;
  }
}
