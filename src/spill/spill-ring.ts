// The ring between a spill's producer (the thread that reads the input) and its consumer (the spill worker):
// one SharedArrayBuffer holding a control block and the ring's bytes. The producer copies bytes in and adds them
// to FILLED; the consumer saves them and takes them off. Each side bumps its own sequence word after every
// change and waits on the other's, so no wake-up is lost between a check and a wait.
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
} as const;

/** What the producer says. */
export const PRODUCER = { writing: 0, closed: 1, aborted: 2 } as const;
/** What the consumer says. */
export const CONSUMER = { starting: 0, running: 1, done: 2, failed: 3, stopped: 4 } as const;

/** Where the consumer leaves the sha256 (32 bytes), after the slots. */
export const DIGEST_OFFSET = 64;
/** Where the consumer leaves its failure text. */
export const FAILURE_OFFSET = 128;
/** Bytes of failure text kept at most. */
export const FAILURE_LIMIT = 1920;
/** The control block's bytes; the ring's bytes follow. */
export const CONTROL_BYTES = FAILURE_OFFSET + FAILURE_LIMIT;

/** Bytes the consumer saves in one step at most (the producer gets room back after each). */
export const STEP_BYTES = 1024 * 1024;

/** What the worker is started with. */
export interface SpillWorkerData {
  shared: SharedArrayBuffer;
  ringBytes: number;
  files: SpillFiles;
  /** Bytes the calling thread already wrote to the file (the worker hashes them first, read back). */
  prefixBytes: number;
  fault?: SpillFault;
}

/** The control words of a shared buffer. */
export function controlOf(shared: SharedArrayBuffer): Int32Array {
  return new Int32Array(shared, 0, DIGEST_OFFSET / 4);
}

/** The ring's bytes of a shared buffer. */
export function ringOf(shared: SharedArrayBuffer, ringBytes: number): Uint8Array {
  return new Uint8Array(shared, CONTROL_BYTES, ringBytes);
}

/** Sets a state word, bumps the side's sequence word and wakes whoever waits on it. */
export function announce(control: Int32Array, stateSlot: number, seqSlot: number, state?: number): void {
  if (state !== undefined) Atomics.store(control, stateSlot, state);
  Atomics.add(control, seqSlot, 1);
  Atomics.notify(control, seqSlot);
}
