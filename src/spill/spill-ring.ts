// The ring between a spill's producer (the thread that reads the input) and its consumer (the spill worker):
// one SharedArrayBuffer holding a control block and the ring's bytes. The worker says it is ready; the producer,
// which went on writing the file itself meanwhile, then hands the spill over (how many bytes it wrote) and from
// there copies bytes in and adds them to FILLED; the consumer saves them and takes them off. Each side bumps its
// own sequence word after every change and waits on the other's, so no wake-up is lost between a check and a wait.
import type { SpillFault, SpillFiles } from "./spill-output.js";

/** Int32 slots of the control block. */
export const SLOT = {
  /** Bytes in the ring not yet saved. */
  filled: 0,
  /** The producer's state (PRODUCER) and its sequence word. */
  producer: 1,
  producerSeq: 2,
  /** The consumer's state (CONSUMER) and its sequence word. */
  consumer: 3,
  consumerSeq: 4,
  /** Bytes of the failure text. */
  failureBytes: 5,
  /** The worker's thread id in the kernel (0: unknown), so the producer can tell when it is gone. */
  threadId: 6,
} as const;

/**
 * What the producer says: `writing` (not handed over: the worker must wait), `handed` (the worker owns the
 * files and the ring), `closed` (no more bytes), `aborted` (drop the spill), `released` (never handed over: the
 * worker leaves the files alone and ends).
 */
export const PRODUCER = { writing: 0, handed: 1, closed: 2, aborted: 3, released: 4 } as const;
/** What the consumer says: `closing` once it may have closed the files (it cannot be taken over from there). */
export const CONSUMER = { starting: 0, ready: 1, running: 2, done: 3, failed: 4, stopped: 5, closing: 6 } as const;

/**
 * Float64 slots after the Int32 ones: bytes the producer wrote before the hand-over, bytes the consumer saved,
 * and the consumer's work when it ends (ConsumerWork), for the tests that count work.
 */
const PREFIX_OFFSET = 32;
/** Their places in numbersOf. */
const NUMBER = { prefix: 0, saved: 1, hashed: 2, readBack: 3, pooledWrites: 4, threadWrites: 5, readCalls: 6, indexCopied: 7 } as const;
/** Where the consumer leaves the sha256 (32 bytes), after the slots. */
export const DIGEST_OFFSET = 96;
/** Where the consumer leaves its failure text. */
export const FAILURE_OFFSET = 128;
/** Bytes of failure text kept at most. */
export const FAILURE_LIMIT = 1920;
/** The control block's bytes; the ring's bytes follow. */
export const CONTROL_BYTES = FAILURE_OFFSET + FAILURE_LIMIT;

/** Bytes the consumer hashes (or reads back to hash) in one step at most, before it looks at the ring again. */
export const STEP_BYTES = 256 * 1024;

/** What the worker is started with. */
export interface SpillWorkerData {
  shared: SharedArrayBuffer;
  ringBytes: number;
  files: SpillFiles;
  fault?: SpillFault;
  /** The worker thread's nice value, set before it says it is ready (SpillSinkOptions.workerNice). */
  nice?: number;
}

/**
 * Where the ring's first byte goes: the prefix's length modulo 8, so that a byte's place in the ring and in the
 * stream agree modulo 8. V8 copies into shared memory word by word only when source and target are equally
 * aligned (byte by byte otherwise: 0.85 s/GiB against 0.1), and readers align their chunks to the stream.
 */
export function ringStart(prefix: number, ringBytes: number): number {
  return (prefix % 8) % ringBytes;
}

/** The control words of a shared buffer. */
export function controlOf(shared: SharedArrayBuffer): Int32Array {
  return new Int32Array(shared, 0, PREFIX_OFFSET / 4);
}

/** The ring's bytes of a shared buffer. */
export function ringOf(shared: SharedArrayBuffer, ringBytes: number): Uint8Array {
  return new Uint8Array(shared, CONTROL_BYTES, ringBytes);
}

/** The Float64 slots of a shared buffer: made once per side (a view per call would allocate on every step). */
export function numbersOf(shared: SharedArrayBuffer): Float64Array {
  return new Float64Array(shared, PREFIX_OFFSET, (DIGEST_OFFSET - PREFIX_OFFSET) / 8);
}

/** The bytes the producer wrote to the file before the hand-over (set before it says `handed`). */
export function prefixBytes(numbers: Float64Array, value?: number): number {
  if (value !== undefined) numbers[NUMBER.prefix] = value;
  return numbers[NUMBER.prefix]!;
}

/** The bytes the consumer has saved (written), updated after each step. */
export function savedBytes(numbers: Float64Array, value?: number): number {
  if (value !== undefined) numbers[NUMBER.saved] = value;
  return numbers[NUMBER.saved]!;
}

/**
 * What the consumer did: bytes hashed and read back, write calls handed to the thread pool and made on its own
 * thread, read calls, and bytes the index copied to count them (SpillWork).
 */
export interface ConsumerWork {
  hashed: number;
  readBack: number;
  pooledWrites: number;
  threadWrites: number;
  readCalls: number;
  indexCopied: number;
}

const WORK_KEYS = ["hashed", "readBack", "pooledWrites", "threadWrites", "readCalls", "indexCopied"] as const;

/** The consumer's work: left by the consumer before it says it ended, read by the producer after. */
export function consumerWork(numbers: Float64Array, work?: ConsumerWork): ConsumerWork {
  if (work) for (const key of WORK_KEYS) numbers[NUMBER[key]] = work[key];
  return Object.fromEntries(WORK_KEYS.map((key) => [key, numbers[NUMBER[key]]!])) as unknown as ConsumerWork;
}

/** Sets a state word, bumps the side's sequence word and wakes whoever waits on it. */
export function announce(control: Int32Array, stateSlot: number, seqSlot: number, state?: number): void {
  if (state !== undefined) Atomics.store(control, stateSlot, state);
  Atomics.add(control, seqSlot, 1);
  Atomics.notify(control, seqSlot);
}
