// Splits a byte stream into newline-delimited JSON-RPC frames (the MCP stdio transport) without decoding it.

/** Collects chunks and hands out each complete frame (without its "\n", and without a "\r" before it). */
export class FrameSplitter {
  private pending: Buffer[] = [];

  /** The frames that this chunk completes, in order; empty lines are skipped. */
  push(chunk: Buffer): Buffer[] {
    const frames: Buffer[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline);
      // A frame in one chunk is copied out of it (the chunk may be reused); one that spanned chunks is already a copy.
      const frame = this.pending.length === 0 ? Buffer.from(piece) : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      start = newline + 1;
      const line = withoutReturn(frame);
      if (line.length > 0) frames.push(line);
    }
    if (start < chunk.length) this.pending.push(Buffer.from(chunk.subarray(start)));
    return frames;
  }

  /** Bytes left after the last newline when the stream ends (a frame the writer never finished). */
  rest(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    return rest.length > 0 ? rest : undefined;
  }
}

/** A frame without the "\r" of a CRLF line end. */
export function withoutReturn(frame: Buffer): Buffer {
  return frame.length > 0 && frame[frame.length - 1] === 13 ? frame.subarray(0, frame.length - 1) : frame;
}

const RETURN = Buffer.from("\r");

/** A frame read as it arrives (its bytes without the newline, then its end). */
export interface StreamedFrame {
  write(bytes: Buffer): void;
  end(): void;
}

/**
 * FrameSplitter for a stream whose frames may be huge: a frame that grows past `streamBytes` without its newline is
 * handed, from there on, to a StreamedFrame as its bytes arrive (when `stream` gives one), instead of being held.
 */
export class FrameReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private streamed: StreamedFrame | undefined;
  /** The frame being held could not be streamed: it is held to its end. */
  private held = false;
  /** The streamed frame's last byte so far was a "\r" (written once a byte other than the newline follows). */
  private heldReturn = false;

  constructor(private readonly options: { onFrame(frame: Buffer): void; streamBytes: number; stream(): StreamedFrame | undefined }) {}

  /** Bytes of the frame being held, waiting for its newline (for the memory tests). */
  get heldBytes(): number {
    return this.pendingBytes;
  }

  /** The next bytes: complete frames go to onFrame in order, a long one to its StreamedFrame. */
  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.streamed) {
        this.writeStreamed(chunk, start, end, newline !== -1);
        if (newline === -1) return;
        const streamed = this.streamed;
        this.streamed = undefined;
        streamed.end();
      } else if (newline === -1) {
        this.pending.push(Buffer.from(chunk.subarray(start)));
        this.pendingBytes += chunk.length - start;
        if (this.pendingBytes > this.options.streamBytes && !this.held) this.startStreaming();
        return;
      } else {
        const piece = chunk.subarray(start, newline);
        const frame = this.pending.length === 0 ? Buffer.from(piece) : Buffer.concat([...this.pending, piece]);
        this.pending = [];
        this.pendingBytes = 0;
        this.held = false;
        const line = withoutReturn(frame);
        if (line.length > 0) this.options.onFrame(line);
      }
      start = newline + 1;
    }
  }

  /** The stream ended: a last frame without its newline is a frame too. */
  end(): void {
    if (this.streamed) {
      if (this.heldReturn) this.streamed.write(RETURN);
      this.heldReturn = false;
      const streamed = this.streamed;
      this.streamed = undefined;
      streamed.end();
      return;
    }
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    if (rest.length > 0) this.options.onFrame(rest);
  }

  /** A "\r" right before the newline is no part of the frame: one at a chunk's end waits for the next chunk. */
  private writeStreamed(chunk: Buffer, start: number, end: number, ended: boolean): void {
    const streamed = this.streamed!;
    if (this.heldReturn && !(ended && end === start)) streamed.write(RETURN);
    this.heldReturn = false;
    let stop = end;
    if (stop > start && chunk[stop - 1] === 13) {
      stop -= 1;
      this.heldReturn = !ended;
    }
    if (stop > start) streamed.write(chunk.subarray(start, stop));
  }

  private startStreaming(): void {
    const streamed = this.options.stream();
    if (streamed === undefined) {
      this.held = true;
      return;
    }
    this.streamed = streamed;
    for (const piece of this.pending) this.writeStreamed(piece, 0, piece.length, false);
    this.pending = [];
    this.pendingBytes = 0;
  }
}
