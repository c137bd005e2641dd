// Reads gathered in one reused buffer before they are delivered. A command that writes small pieces faster than
// one read a wake-up (`yes | head`: 4 KiB each) had run's thread wake, read and bound once per piece, and the
// spill worker wake once per piece too, on the core the command itself needs: 2-3× the CPU of `bound` reading
// the same bytes from a pipe. Now a read that empties the socket early is followed by a short nap, so that the
// next read finds more, and the bytes go on once GATHER_BYTES are there.

/** Bytes gathered before they are delivered. */
export const GATHER_BYTES = 64 * 1024;
/** Bytes gathered are delivered at the latest this long after the first of them (a command that writes slowly). */
export const GATHER_MS = 1;
/**
 * How long run's thread waits after a read that emptied the socket with less than GATHER_BYTES gathered: a fast
 * writer fills ~100 KiB meanwhile (less than the socket holds, so it is not held up); a slow one loses nothing.
 */
export const NAP_MS = 0.1;

/** What net's `onread` is given (`next`, `read`), and what delivers the rest (`flush`). */
export interface GatheredReads {
  /** The part of the buffer the next read goes into (the whole buffer, or the sink's room, when nothing is gathered). */
  next(): Buffer;
  /** `count` bytes were read into `into` (what `next` gave); false when the delivery asked to pause (onread's result). */
  read(count: number, into: Uint8Array): boolean;
  /** Delivers what is gathered now (the reader closed); its result is not asked for. */
  flush(): void;
}

const napWord = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `milliseconds` (nothing ever notifies the word). */
const nap = (milliseconds: number): void => void Atomics.wait(napWord, 0, 0, milliseconds);

/**
 * Gathers reads into `buffer` (at least 2 × GATHER_BYTES) and calls `onData` with a view of what was gathered once
 * GATHER_BYTES are there, GATHER_MS after the first of them (then `pause` is called if `onData` returns false), or
 * at `flush`. The view is valid until `onData` returns, or while the reader is paused. `wait` is the nap (the tests
 * count it). `room`: where the sink would have reads gathered from the start instead (types.ts ReadRoom), asked
 * each time gathering starts again at 0; `buffer` when it has none.
 */
export function gatherReads(buffer: Buffer, onData: (bytes: Buffer) => boolean, pause: () => void, wait: (milliseconds: number) => void = nap, room?: (least: number) => Buffer | undefined): GatheredReads {
  // What is gathered is target[start, end). net asks for the next read's buffer (`next`) as soon as a read is
  // handled, so only a delivery made there starts again at 0; a late one leaves the next read where it was set.
  let target = buffer;
  let start = 0;
  let end = 0;
  // A delivery that paused left its bytes to be written later (the pump's queue): the room the sink would lend
  // now is where they are still to go, so the next read goes into `buffer`.
  let lendable = true;
  let timer: NodeJS.Timeout | undefined;
  const deliver = (): boolean => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const bytes = target.subarray(start, end);
    start = end;
    return onData(bytes);
  };
  const late = (): void => {
    timer = undefined;
    if (end > start && !deliver()) pause();
  };
  return {
    next() {
      if (end > 0) return target.subarray(end);
      target = (lendable ? room?.(GATHER_BYTES) : undefined) ?? buffer;
      return target;
    },
    read(count, into) {
      end += count;
      if (end - start >= GATHER_BYTES || target.length - end < GATHER_BYTES) {
        const result = deliver();
        start = end = 0;
        lendable = result;
        return result;
      }
      timer ??= setTimeout(late, GATHER_MS).unref();
      if (count < into.length) wait(NAP_MS); // the socket is empty: let the writer fill it some
      return true;
    },
    flush() {
      if (end > start) deliver();
      else if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
