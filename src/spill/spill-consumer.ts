// The spill worker's loop: says it is ready, waits for the producer to hand the spill over, then takes bytes off
// the shared ring (spill-ring.ts) in order: it hashes and indexes them here and hands their writes to libuv's
// thread pool (spill-ring-writes.ts), giving ring bytes back once they are written, until the producer closes or
// aborts. What the producer wrote before the hand-over is hashed as it goes, read back. It never throws: a
// failure is written into the control block.
import type { Hash } from "node:crypto";
import * as fs from "node:fs";
import { setPriority } from "node:os";
import { CONSUMER, DIGEST_OFFSET, consumerWork, FAILURE_LIMIT, FAILURE_OFFSET, PRODUCER, SLOT, STEP_BYTES, announce, controlOf, numbersOf, prefixBytes, ringOf, ringStart, savedBytes, type ConsumerWork, type SpillWorkerData } from "./spill-ring.js";
import { READ_BACK_BYTES, SpillOutput } from "./spill-output.js";
import { RingWrites } from "./spill-ring-writes.js";

/**
 * Bytes per write handed to the thread pool (one pwrite each). Each hand-off costs both threads a wake-up: 128 KiB
 * pieces cost 10–15 % more CPU time in all than 512 KiB ones (256 MiB spilled, alternated); no larger, so that
 * the ring (4 MiB) holds a read of the producer's, a piece being written and one filling.
 */
const WRITE_PIECE_BYTES = 512 * 1024;

/** Runs the consumer side of a spill to its end (on the worker thread; blocks while the ring is empty). */
export async function consumeSpill(data: SpillWorkerData, hash: Hash): Promise<void> {
  const control = controlOf(data.shared);
  const numbers = numbersOf(data.shared);
  const say = (state: number): void => announce(control, SLOT.consumer, SLOT.consumerSeq, state);
  Atomics.store(control, SLOT.threadId, kernelThreadId());
  if (data.nice !== undefined) lowerPriority(data.nice);
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
  const prefix = prefixBytes(numbers);
  const writes = new RingWrites(prefix);
  let output: SpillOutput | undefined;
  try {
    // No ring: the producer writes the whole file (and closes its descriptor), this thread follows it read back
    // through a descriptor of its own, so that a failure here never closes the one still written to.
    output = data.ringBytes === 0 ? new SpillOutput({ ...data.files, dataFd: openFollowed(data.files) }, hash, undefined, prefix) : new SpillOutput(data.files, hash, data.fault, prefix, writes);
    savedBytes(numbers, output.written);
    const end = data.ringBytes === 0 ? follow(data, output) : await drain(data, output, writes).finally(() => writes.idle());
    if (end === "aborted") {
      output.dispose();
      consumerWork(numbers, workOf(output, writes));
      return say(CONSUMER.stopped);
    }
    say(CONSUMER.closing);
    const digest = Buffer.from(output.finish(), "hex");
    new Uint8Array(data.shared, DIGEST_OFFSET, digest.length).set(digest);
    consumerWork(numbers, workOf(output, writes));
    say(CONSUMER.done);
  } catch (error) {
    await writes.idle(); // no write may still use the descriptor once it is closed
    output?.dispose();
    if (output) consumerWork(numbers, workOf(output, writes));
    writeFailure(data.shared, error);
    say(CONSUMER.failed);
  }
}

/**
 * Saves the ring's bytes as they come until the producer closes (everything written) or aborts. The bytes are
 * hashed and indexed on this thread, straight from the ring, and handed to the writes in pieces of
 * WRITE_PIECE_BYTES (a pool thread writes them while this thread hashes on). Ring bytes are given back once
 * written and hashed; the ring comes first, so that the producer never waits on the hash: once it is more than
 * half full, written bytes are given back before the hash got to them, and the hash reads them back from the file
 * (as it does the bytes the producer wrote before the hand-over) while the ring is no more than half full, in
 * steps small enough to come back to the ring soon.
 */
async function drain(data: SpillWorkerData, output: SpillOutput, writes: RingWrites): Promise<"closed" | "aborted"> {
  const control = controlOf(data.shared);
  const numbers = numbersOf(data.shared);
  const ring = ringOf(data.shared, data.ringBytes);
  const prefix = output.written;
  const placeOf = (position: number): number => (ringStart(prefix, data.ringBytes) + position - prefix) % data.ringBytes;
  let released = prefix; // ring bytes before this stream position were given back
  for (;;) {
    writes.check();
    const sequence = Atomics.load(control, SLOT.producerSeq);
    const producer = Atomics.load(control, SLOT.producer);
    if (producer === PRODUCER.aborted) return "aborted";
    let filled = Atomics.load(control, SLOT.filled);
    const give = filled <= data.ringBytes / 2 ? Math.min(writes.confirmed, Math.max(output.hashed, released)) : writes.confirmed;
    if (give > released) {
      Atomics.sub(control, SLOT.filled, give - released);
      filled -= give - released;
      released = give;
      savedBytes(numbers, writes.confirmed);
      announce(control, SLOT.consumer, SLOT.consumerSeq);
    }
    const end = released + filled; // the stream position after the last byte in the ring
    const roomy = filled <= data.ringBytes / 2;
    const unissued = end - output.written;
    if (roomy && output.hashed < released) output.catchUp(STEP_BYTES);
    else if (unissued >= WRITE_PIECE_BYTES || (unissued > 0 && (!roomy || producer === PRODUCER.closed))) {
      const at = placeOf(output.written);
      output.write(ring.subarray(at, at + Math.min(unissued, data.ringBytes - at, WRITE_PIECE_BYTES)));
    } else if (output.hashed >= released && output.hashed < end) {
      const at = placeOf(output.hashed);
      output.digest(ring.subarray(at, at + Math.min(end - output.hashed, data.ringBytes - at, STEP_BYTES)));
      if (writes.inFlight > 0) await nextTurn(); // let finished writes call back
    } else if (writes.inFlight > 0) await writes.next();
    else if (output.hashed < output.readable) output.catchUp(STEP_BYTES);
    else if (producer === PRODUCER.closed) return "closed";
    else Atomics.wait(control, SLOT.producerSeq, sequence); // nothing in flight: nothing else to wait for
  }
}

/**
 * Hashes and indexes what the producer writes to the file itself, read back as far as it says it wrote
 * (prefixBytes, set before each announce), until it closes or aborts.
 */
function follow(data: SpillWorkerData, output: SpillOutput): "closed" | "aborted" {
  const control = controlOf(data.shared);
  const numbers = numbersOf(data.shared);
  for (;;) {
    const sequence = Atomics.load(control, SLOT.producerSeq);
    const producer = Atomics.load(control, SLOT.producer);
    if (producer === PRODUCER.aborted) return "aborted";
    output.written = prefixBytes(numbers); // read after the state: all of it once the state says closed
    savedBytes(numbers, output.written);
    if (output.hashed < output.written) output.catchUp(READ_BACK_BYTES); // no ring to come back to: the reads as large as they go
    else if (producer === PRODUCER.closed) return "closed";
    else Atomics.wait(control, SLOT.producerSeq, sequence);
  }
}

/** A descriptor of its own on the spill's file, to read it back (never through a symlink, only if the path still names that file). */
function openFollowed(files: SpillWorkerData["files"]): number {
  const fd = fs.openSync(files.dataPath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  const [opened, data] = [fs.fstatSync(fd), fs.fstatSync(files.dataFd)];
  if (opened.ino === data.ino && opened.dev === data.dev) return fd;
  fs.closeSync(fd);
  throw new Error(`${files.dataPath} is no longer the spill's file`);
}

/** The work counts the producer reads once the consumer ended. */
function workOf(output: SpillOutput, writes: RingWrites): ConsumerWork {
  const { hashed, readBack, writeCalls: threadWrites, readCalls, indexCopied } = output.work;
  return { hashed, readBack, pooledWrites: writes.calls, threadWrites, readCalls, indexCopied };
}

/** One turn of the event loop (finished writes call back). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Sets this thread's nice value (Linux, where the option is set: pid 0 is the calling thread alone); else nothing. */
function lowerPriority(nice: number): void {
  try {
    setPriority(0, nice);
  } catch {
    // the same work at the same priority
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
