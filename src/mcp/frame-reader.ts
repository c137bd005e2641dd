// Splits a byte stream into newline-delimited JSON-RPC frames (the MCP stdio transport) without decoding it.

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
 * Newline-delimited frames out of chunks (empty lines skipped, a "\r" before the newline no part of a frame; a frame is
 * a copy, the chunk may be reused): a frame that grows past `streamBytes` without its newline is handed, from there
 * on, to a StreamedFrame as its bytes arrive (when `stream` gives one), instead of being held.
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
