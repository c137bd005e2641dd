// The byte-pair merge of one piece, as gpt-tokenizer does it: parts form a linked list by start offset, ranks[i]
// is the rank of part i joined with the part after it, and each round merges the lowest-ranked pair (leftmost on
// ties) until no pair is a token. Short pieces scan for the lowest pair; long ones keep the pairs in a heap, so
// a 50,000-byte piece costs n log n, not n² (the same merges in the same order: the heap's key is rank, then offset).
import { isUtf8 } from "node:buffer";
import type { RankTable } from "./rank-table.js";

const NONE = 0x7fffffff;
const GONE = -1;
/** Longer pieces merge through the heap. */
const SCAN_LIMIT = 128;
const OFFSET_SCALE = 2 ** 32;

/** Work buffers of the merge, sized for pieces of up to bytes.length bytes. */
export interface MergeScratch {
  bytes: Uint8Array;
  next: Int32Array;
  prev: Int32Array;
  ranks: Int32Array;
}

/**
 * The rank of bytes[start, end) as gpt-tokenizer finds it while merging: bytes that are valid UTF-8 are decoded
 * first, and its TextDecoder drops a leading byte-order mark (EF BB BF), so such bytes rank as what follows it.
 */
function bytePairRank(table: RankTable, bytes: Uint8Array, start: number, end: number): number {
  const bom = end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf;
  if (!bom || !isUtf8(bytes.subarray(start, end))) return table.rankOf(bytes, start, end);
  return end - start === 3 ? -1 : table.rankOf(bytes, start + 3, end);
}

/** The number of tokens (parts left) once bytes[0, length) of the scratch are merged. */
export function mergeCount(table: RankTable, scratch: MergeScratch, length: number): number {
  const { bytes, next, prev, ranks } = scratch;
  const pairRank = (part: number): number => {
    const after = next[part]!;
    if (after >= length) return NONE;
    const rank = bytePairRank(table, bytes, part, next[after]!);
    return rank < 0 ? NONE : rank;
  };
  for (let i = 0; i <= length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < length; i++) ranks[i] = pairRank(i);
  /** Joins part `at` with the next one; re-ranks `at` and the part before it. */
  const merge = (at: number): void => {
    const gone = next[at]!;
    next[at] = next[gone]!;
    prev[next[gone]!] = at;
    ranks[gone] = GONE;
    ranks[at] = pairRank(at);
    if (at > 0) ranks[prev[at]!] = pairRank(prev[at]!);
  };
  return length <= SCAN_LIMIT ? scanMerges(scratch, length, merge) : heapMerges(scratch, length, merge);
}

/** Merges by scanning the list for the lowest pair each round. */
function scanMerges({ next, ranks }: MergeScratch, length: number, merge: (at: number) => void): number {
  let parts = length;
  for (;;) {
    let lowest = NONE;
    let at = -1;
    for (let part = 0; part < length; part = next[part]!) {
      if (ranks[part]! < lowest) {
        lowest = ranks[part]!;
        at = part;
      }
    }
    if (at < 0) return parts;
    merge(at);
    parts--;
  }
}

/** Merges through a min-heap of rank × 2^32 + offset; an entry whose part changed rank or is gone is skipped. */
function heapMerges({ ranks, prev }: MergeScratch, length: number, merge: (at: number) => void): number {
  const heap = new Float64Array(3 * length + 1);
  let size = 0;
  const push = (part: number): void => {
    if (ranks[part] === NONE) return;
    const key = ranks[part]! * OFFSET_SCALE + part;
    let i = size++;
    while (i > 0 && heap[(i - 1) >> 1]! > key) {
      heap[i] = heap[(i - 1) >> 1]!;
      i = (i - 1) >> 1;
    }
    heap[i] = key;
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap[--size]!;
    let i = 0;
    for (let child = 1; child < size; child = 2 * i + 1) {
      if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
      if (heap[child]! >= last) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  };
  for (let i = 0; i < length; i++) push(i);
  let parts = length;
  while (size > 0) {
    const key = pop();
    const rank = Math.floor(key / OFFSET_SCALE);
    const at = key - rank * OFFSET_SCALE;
    if (ranks[at] !== rank) continue;
    merge(at);
    parts--;
    push(at);
    if (at > 0) push(prev[at]!);
  }
  return parts;
}
