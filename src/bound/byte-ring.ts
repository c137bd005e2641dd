// A fixed-size circular byte buffer: the last N bytes of a stream, copied in, so callers may reuse their chunks.
import { countNewlinesOnce } from "../text/newlines.js";

const NEWLINE = 0x0a;

/**
 * Memory a ring may be given instead of its own (salience's needle scan lends its WebAssembly memory, so the bytes
 * that leave the ring are scanned where they lie): `bytes` holds the ring in its first `room` bytes (at least the
 * capacity; what is more is slack, which keeps the bytes that left for as many further bytes pushed) and, after
 * them, a capacity's worth where `bytes()` puts a wrapped ring's start after its end.
 */
export interface RingStorage {
  bytes: Buffer;
  room: number;
}

/** Keeps the last `capacity` bytes written, and where they start in the whole stream. */
export class ByteRing {
  private readonly capacity: number;
  private buffer: Buffer | undefined;
  /** Bytes of `buffer` the ring goes round in (the capacity, or more with a storage's slack). */
  private readonly room: number;
  private end = 0;
  /** Stream offset of the byte `end` counts from (moved when `bytes` puts the bytes in order). */
  private origin: number;
  private readonly originAtLineStart: boolean;
  private lostByteIsNewline = false;
  /** `end` when `bytes` last put a wrapped ring's start after its end (a storage's ring is never rotated). */
  private mirroredAt = -1;
  /** True once any byte was pushed out of the ring. */
  dropped = false;

  private readonly onEvict: ((bytes: Buffer) => void) | undefined;

  /**
   * `origin`: the stream offset of the first byte pushed; `atLineStart`: whether that byte begins a line;
   * `onEvict`: sees the bytes that leave the ring, oldest first, just before they are overwritten: with a
   * `storage` whose room is the capacity plus S, not before S more bytes were pushed.
   */
  constructor(capacity: number, origin: number, atLineStart: boolean, onEvict?: (bytes: Buffer) => void, storage?: RingStorage) {
    this.capacity = capacity;
    this.origin = origin;
    this.originAtLineStart = atLineStart;
    this.onEvict = onEvict;
    if (storage && storage.room >= capacity && storage.bytes.length >= storage.room + capacity) this.buffer = storage.bytes;
    this.room = this.buffer ? storage!.room : capacity;
  }

  /** Stream offset of the oldest byte held. */
  get start(): number {
    return this.origin + Math.max(0, this.end - this.capacity);
  }

  /** Bytes held. */
  get size(): number {
    return Math.min(this.end, this.capacity);
  }

  /** True when the oldest byte held begins a line (the byte before it was a newline, or nothing came before). */
  get atLineStart(): boolean {
    return this.dropped ? this.lostByteIsNewline : this.originAtLineStart;
  }

  /** Copies a chunk in, pushing the oldest bytes out when full. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0 || this.capacity === 0) return;
    this.buffer ??= Buffer.allocUnsafe(this.capacity);
    if (this.onEvict && this.room > this.capacity && chunk.length > this.capacity) {
      // Slack promises that every byte handed over lies in the ring's memory: a chunk longer than the ring goes in
      // by parts, each evicting from the ring rather than handing over the chunk's own start.
      for (let from = 0; from < chunk.length; from += this.capacity) this.push(chunk.subarray(from, from + this.capacity));
      return;
    }
    if (this.onEvict) this.evict(chunk);
    const newEnd = this.end + chunk.length;
    const newFirst = Math.max(0, newEnd - this.capacity);
    if (newFirst > 0 && newFirst > Math.max(0, this.end - this.capacity)) {
      const lost = newFirst - 1;
      this.lostByteIsNewline = (lost >= this.end ? chunk[lost - this.end] : this.buffer[lost % this.room]) === NEWLINE;
      this.dropped = true;
    }
    const keep = chunk.length > this.capacity ? chunk.subarray(chunk.length - this.capacity) : chunk;
    let position = (newEnd - keep.length) % this.room;
    let offset = 0;
    while (offset < keep.length) {
      const count = Math.min(keep.length - offset, this.room - position);
      this.buffer.set(keep.subarray(offset, offset + count), position);
      offset += count;
      position = 0;
    }
    this.end = newEnd;
  }

  /** Hands the bytes that pushing `chunk` drops to `onEvict`, oldest first: held bytes, then the chunk's own start. */
  private evict(chunk: Uint8Array): void {
    const held = this.size;
    const overflow = held + chunk.length - this.capacity;
    if (overflow <= 0) return;
    const fromHeld = Math.min(overflow, held);
    if (fromHeld > 0) {
      const oldest = (this.end - held) % this.room;
      const first = Math.min(fromHeld, this.room - oldest);
      this.onEvict!(this.buffer!.subarray(oldest, oldest + first));
      if (fromHeld > first) this.onEvict!(this.buffer!.subarray(0, fromHeld - first));
    }
    if (overflow > held) this.onEvict!(Buffer.from(chunk.buffer, chunk.byteOffset, overflow - held));
  }

  /** The newlines among the bytes held (counted in place, without joining them, once: at the end of an output). */
  newlines(): number {
    if (!this.buffer) return 0;
    if (this.end <= this.capacity) return countNewlinesOnce(this.buffer, 0, this.end);
    const oldest = (this.end - this.capacity) % this.room;
    if (oldest + this.capacity <= this.room) return countNewlinesOnce(this.buffer, oldest, oldest + this.capacity);
    return countNewlinesOnce(this.buffer, oldest, this.room) + countNewlinesOnce(this.buffer, 0, oldest + this.capacity - this.room);
  }

  /**
   * The bytes held, oldest first, in one buffer: a view of the ring itself, valid until the next push. A wrapped
   * ring is put in order in place (no copy of it: the end of an output is `run`'s peak of memory, and the window
   * asks for the bytes three times), which moves where later pushes land, not what the ring holds. A storage's
   * ring is not moved (its slack may hold bytes that left, still to be read): its start is copied after its end.
   */
  bytes(): Buffer {
    if (!this.buffer) return Buffer.alloc(0);
    if (this.end <= this.capacity) return this.buffer.subarray(0, this.end);
    const oldest = (this.end - this.capacity) % this.room;
    if (oldest + this.capacity <= this.room) return this.buffer.subarray(oldest, oldest + this.capacity);
    if (this.room > this.capacity) {
      const wrapped = oldest + this.capacity - this.room;
      if (this.mirroredAt !== this.end) this.buffer.copy(this.buffer, this.room, 0, wrapped);
      this.mirroredAt = this.end;
      return this.buffer.subarray(oldest, oldest + this.capacity);
    }
    // rotated left by `oldest` with three reversals, in place; then the oldest byte is at 0, as after a whole lap
    this.buffer.subarray(0, oldest).reverse();
    this.buffer.subarray(oldest, this.room).reverse();
    this.buffer.subarray(0, this.room).reverse();
    const lap = this.end - oldest + this.capacity;
    this.origin -= lap - this.end;
    this.end = lap;
    return this.buffer.subarray(0, this.capacity);
  }
}
