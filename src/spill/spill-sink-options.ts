// How a spill sink saves (spill-sink.ts): on the spill worker or the calling thread, the ring's size, when the
// worker starts, and the hooks and faults `run` and the tests use.
import type { ResourceLimits } from "node:worker_threads";
import { DEFAULT_STORE_SETTINGS } from "./settings.js";
import type { SpillFault } from "./spill-output.js";

/** Ring bytes by default: room for a 1 MiB read while the worker's writes are in flight (shared memory, counted in RSS). */
export const DEFAULT_RING_BYTES = 4 * 1024 * 1024;
/** Spill bytes written on the calling thread before a worker is started. */
export const THREAD_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * A spill known to reach this (`expectBytes`) is written on the calling thread to its end, and the worker follows
 * the file, hashing and indexing it read back: past a few hundred MiB the worker's core, shared with the thread
 * pool's writes and V8's helpers, fell behind and the calling thread waited for its hash at the end (1 GiB: ~180 ms).
 */
export const FOLLOW_FROM_BYTES = 512 * 1024 * 1024;

/**
 * The largest spill saved on the reading thread, whatever the command asks: the store's default cap (`--max-output`),
 * so every spill at the defaults. A spill worker costs ~50-100 ms of CPU and ~11 MiB of peak RSS to start, and is
 * ready ~100 ms after it starts: 100 MiB of `cat` are mostly read by then, and must all be read back and hashed,
 * while the reading thread hashes as it goes at ~0.5 ms a MiB (SHA-NI). Measured (bench/README.md, the eighteenth
 * session): `run` and `bound` from 10 MiB to 1 GiB (256 MiB of it spilled) as fast or faster and 80-170 ms less
 * CPU, but for a spill of ~250 MiB with both cores free (~6 % slower); spilling all of 1 GiB, past this cap, ~15 %
 * faster with the worker.
 */
export const WORKER_SPILL_PAST_BYTES = DEFAULT_STORE_SETTINGS.maxOutputBytes;

/** True when a spill capped at `maxOutputBytes` may go to the spill worker (as `saving` says): past WORKER_SPILL_PAST_BYTES. */
export function spillWorkerFor(maxOutputBytes: number): boolean {
  return maxOutputBytes > WORKER_SPILL_PAST_BYTES;
}

/**
 * How a spill capped at `maxOutputBytes` is saved: as `saving` says past WORKER_SPILL_PAST_BYTES; within it on the
 * thread that reads the output, hashed and indexed as it is read (its bytes still in the CPU's cache, none read
 * back), written there or, where `saving` asks for it (`run`), at explicit offsets on libuv's thread pool. Written
 * there, the file holds every byte given so far at any time: an input read again from its spill (an MCP envelope's,
 * RawSpill.replay) needs that.
 */
export function savingWithin(maxOutputBytes: number, saving: SpillSinkOptions): SpillSinkOptions {
  return spillWorkerFor(maxOutputBytes) ? saving : { ...saving, thread: false };
}

/** How a spill is saved: `thread: false` keeps it on the calling thread; the rest is for tests. */
export interface SpillSinkOptions {
  thread?: boolean;
  /** With `thread: false`: the writes go through libuv's thread pool, the hash stays here (pooled-writes.ts). */
  pooledWrites?: boolean;
  /**
   * What the pooled writes' blocks are made of (POOLED_BLOCKS × POOLED_BLOCK_BYTES from its start), where the first
   * bytes given to `write` already lie in it, in order, from the offset they take in the file: the raw bytes held
   * before the spill opened (bound/raw-spill.ts), written from where they lie instead of copied into blocks of their
   * own (1 MiB of new pages less; a page first touched costs ~10 µs on some hosts). Without pooled writes, unused.
   */
  blockMemory?: Buffer;
  ringBytes?: number;
  /** Bytes saved on the calling thread before the worker starts. */
  threadAfterBytes?: number;
  /**
   * Bytes the spill is known to reach (the input's size, told by a regular file): past `threadAfterBytes` the worker
   * starts with the first write, so that it is ready sooner and less is written here, then read back to be hashed.
   */
  expectBytes?: number;
  /** `expectBytes` from which this thread writes the whole spill and the worker follows (FOLLOW_FROM_BYTES). */
  followFromBytes?: number;
  /** An injected write error. */
  fault?: SpillFault;
  /** Another worker source (one that never starts, one that dies). */
  workerSource?: string;
  /** Wait (up to `startLimitMs`) for the worker to be ready and hand over at once (tests of the ring). */
  waitForWorker?: boolean;
  startLimitMs?: number;
  /**
   * Called on this thread once the worker has taken the spill (its start-up is over): a worker whose start-up runs
   * while V8's flags are off their defaults compiles Node's built-ins from source (cli/run-heap.ts).
   */
  workerTookSpill?: () => void;
  /** The worker's heap limits (`run` caps its young generation: it starts with V8's default flags, see above). */
  workerLimits?: ResourceLimits;
  /**
   * The worker thread's nice value, so that it takes the CPU the reading thread leaves: a worker that follows the
   * file catches up at the end, while the reading thread makes its last step. Linux only: there it is the worker's
   * own thread's; elsewhere (macOS) setpriority would lower the whole process.
   */
  workerNice?: number;
}
