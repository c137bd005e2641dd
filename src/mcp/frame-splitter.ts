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
      const end = frame.length > 0 && frame[frame.length - 1] === 13 ? frame.length - 1 : frame.length;
      if (end > 0) frames.push(frame.subarray(0, end));
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
