// The size of a stream counted only while it is small: with `--stderr separate`, stderr is given the room a small
// stdout leaves (cli/run-command.ts), and past SMALL_OUTPUT_BYTES stdout takes its own share anyway, so counting
// further would cost a newline scan of every chunk of a long output for nothing.
import { countNewlineBytes } from "../text/newline-count.js";

/** Past this many bytes a stream is not small: its size is no longer counted. */
export const SMALL_OUTPUT_BYTES = 64 * 1024;

/** Bytes and lines of a stream as they arrive, while it stays within SMALL_OUTPUT_BYTES. */
export class SmallOutputSize {
  private bytes = 0;
  private newlines = 0;
  private lastByte = -1;

  /** Takes the next chunk (read at once: the caller may reuse it). */
  observe(chunk: Uint8Array): void {
    if (chunk.length === 0 || this.bytes > SMALL_OUTPUT_BYTES) return;
    this.bytes += chunk.length;
    if (this.bytes > SMALL_OUTPUT_BYTES) return;
    this.newlines += countNewlineBytes(chunk);
    this.lastByte = chunk[chunk.length - 1]!;
  }

  /** The stream's bytes and lines (a last line without a newline counted), or undefined once it is not small. */
  size(): { bytes: number; lines: number } | undefined {
    if (this.bytes > SMALL_OUTPUT_BYTES) return undefined;
    return { bytes: this.bytes, lines: this.newlines + (this.bytes > 0 && this.lastByte !== 0x0a ? 1 : 0) };
  }
}
