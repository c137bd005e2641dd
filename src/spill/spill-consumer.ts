// The spill worker's loop: says it is ready, waits for the producer to hand the spill over, then takes bytes off
// the shared ring (spill-ring.ts) in order and saves them until the producer closes or aborts, hashing and indexing
// what the producer wrote before the hand-over (read back) as it goes. It never throws: a failure is written into
// the control block.
import type { Hash } from "node:crypto";
import * as fs from "node:fs";
import { CONSUMER, DIGEST_OFFSET, consumerWork, FAILURE_LIMIT, FAILURE_OFFSET, PRODUCER, SLOT, STEP_BYTES, announce, controlOf, prefixBytes, ringOf, ringStart, savedBytes, type SpillWorkerData } from "./spill-ring.js";
import { SpillOutput } from "./spill-output.js";

/** Bytes the hash catches up by between two looks at the ring. */
const CATCH_UP_STEP_BYTES = 256 * 1024;

/** Runs the consumer side of a spill to its end (on the worker thread; blocks while the ring is empty). */
export function consumeSpill(data: SpillWorkerData, hash: Hash): void {
  const control = controlOf(data.shared);
  const say = (state: number): void => announce(control, SLOT.consumer, SLOT.consumerSeq, state);
  Atomics.store(control, SLOT.threadId, kernelThreadId());
  if (Atomics.compareExchange(control, SLOT.consumer, CONSUMER.starting, CONSUMER.ready) !== CONSUMER.starting) return;
  announce(control, SLOT.consumer, SLOT.consumerSeq);
  for (;;) {
    const seen = Atomics.load(control, SLOT.producerSeq);
    const producer = Atomics.load(control, SLOT.producer);
    if (producer === PRODUCER.released) return say(CONSUMER.stopped); // saved on the producer's thread: not our files
    if (producer !== PRODUCER.writing) break;
    Atomics.wait(control, SLOT.producerSeq, seen);
  }
  say(CONSUMER.running);
  let output: SpillOutput | undefined;
  try {
    output = new SpillOutput(data.files, hash, data.fault, prefixBytes(data.shared));
    savedBytes(data.shared, output.written);
    if (drain(data, output) === "aborted") {
      output.dispose();
      consumerWork(data.shared, output.work);
      return say(CONSUMER.stopped);
    }
    say(CONSUMER.closing);
    const digest = Buffer.from(output.finish(), "hex");
    new Uint8Array(data.shared, DIGEST_OFFSET, digest.length).set(digest);
    consumerWork(data.shared, output.work);
    say(CONSUMER.done);
  } catch (error) {
    output?.dispose();
    if (output) consumerWork(data.shared, output.work);
    writeFailure(data.shared, error);
    say(CONSUMER.failed);
  }
}

/**
 * Saves the ring's bytes as they come until the producer closes (everything saved) or aborts. The ring comes first,
 * so that the producer never waits on the hash: while the ring is more than half full, or the hash is behind (the
 * bytes written before the hand-over, to begin with), its bytes are only written; the hash catches up from the file
 * whenever the ring is empty, in steps small enough to come back to the ring soon.
 */
function drain(data: SpillWorkerData, output: SpillOutput): "closed" | "aborted" {
  const control = controlOf(data.shared);
  const ring = ringOf(data.shared, data.ringBytes);
  for (let at = ringStart(prefixBytes(data.shared), data.ringBytes); ; ) {
    const seen = Atomics.load(control, SLOT.producerSeq);
    const producer = Atomics.load(control, SLOT.producer);
    if (producer === PRODUCER.aborted) return "aborted";
    const filled = Atomics.load(control, SLOT.filled);
    if (filled === 0) {
      if (output.hashed < output.written) output.catchUp(CATCH_UP_STEP_BYTES);
      else if (producer === PRODUCER.closed) return "closed";
      else Atomics.wait(control, SLOT.producerSeq, seen);
      continue;
    }
    const take = Math.min(filled, data.ringBytes - at, STEP_BYTES);
    const bytes = ring.subarray(at, at + take);
    if (output.hashed === output.written && filled <= data.ringBytes / 2) output.take(bytes);
    else output.write(bytes);
    savedBytes(data.shared, output.written);
    at = (at + take) % data.ringBytes;
    Atomics.sub(control, SLOT.filled, take);
    announce(control, SLOT.consumer, SLOT.consumerSeq);
  }
}

/** This thread's id in the kernel (Linux), so the producer can see the thread is gone; 0 where unknown. */
function kernelThreadId(): number {
  try {
    return Number(/task\/(\d+)$/.exec(fs.readlinkSync("/proc/thread-self"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Keeps an error's message and code (as "message\0CODE") in the control block for the producer. */
function writeFailure(shared: SharedArrayBuffer, error: unknown): void {
  const { message, code } = error as { message?: string; code?: string };
  const text = Buffer.from(`${message ?? String(error)}\0${code ?? ""}`).subarray(0, FAILURE_LIMIT);
  new Uint8Array(shared, FAILURE_OFFSET, text.length).set(text);
  Atomics.store(controlOf(shared), SLOT.failureBytes, text.length);
}

/** Reads the failure the consumer left: an error with its message and code, for describeError. */
export function readFailure(shared: SharedArrayBuffer): Error {
  const length = Atomics.load(controlOf(shared), SLOT.failureBytes);
  const [message = "", code = ""] = Buffer.from(new Uint8Array(shared, FAILURE_OFFSET, length)).toString().split("\0");
  return Object.assign(new Error(message), code ? { code } : {});
}

/** The sha256 the consumer left (hex). */
export function readDigest(shared: SharedArrayBuffer): string {
  return Buffer.from(new Uint8Array(shared, DIGEST_OFFSET, 32)).toString("hex");
}
