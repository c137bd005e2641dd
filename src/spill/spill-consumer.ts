// The spill worker's loop: takes bytes off the shared ring (spill-ring.ts) in order and saves them (write and
// sha256) until the producer closes or aborts. It never throws: a failure is written into the control block.
import type { Hash } from "node:crypto";
import * as fs from "node:fs";
import { CONSUMER, DIGEST_OFFSET, FAILURE_LIMIT, FAILURE_OFFSET, PRODUCER, SLOT, STEP_BYTES, announce, controlOf, ringOf, type SpillWorkerData } from "./spill-ring.js";
import { SpillOutput } from "./spill-output.js";

/** Runs the consumer side of a spill to its end (on the worker thread; blocks while the ring is empty). */
export function consumeSpill(data: SpillWorkerData, hash: Hash): void {
  const control = controlOf(data.shared);
  const ring = ringOf(data.shared, data.ringBytes);
  let output: SpillOutput | undefined;
  const say = (state: number): void => announce(control, SLOT.consumer, SLOT.consumerSeq, state);
  // the producer may have taken the spill back (this worker started too late): then the files are not ours
  if (Atomics.compareExchange(control, SLOT.consumer, CONSUMER.starting, CONSUMER.running) !== CONSUMER.starting) return;
  try {
    announce(control, SLOT.consumer, SLOT.consumerSeq);
    output = new SpillOutput(data.files, hash, data.fault, data.prefixBytes);
    hashPrefix(output, data.files.dataFd, data.prefixBytes);
    let at = 0;
    for (;;) {
      const seen = Atomics.load(control, SLOT.producerSeq);
      const producer = Atomics.load(control, SLOT.producer);
      if (producer === PRODUCER.aborted) {
        output.dispose();
        say(CONSUMER.stopped);
        return;
      }
      const filled = Atomics.load(control, SLOT.filled);
      if (filled === 0) {
        if (producer === PRODUCER.closed) break;
        Atomics.wait(control, SLOT.producerSeq, seen);
        continue;
      }
      const take = Math.min(filled, data.ringBytes - at, STEP_BYTES);
      output.take(ring.subarray(at, at + take));
      at = (at + take) % data.ringBytes;
      Atomics.sub(control, SLOT.filled, take);
      announce(control, SLOT.consumer, SLOT.consumerSeq);
    }
    const digest = Buffer.from(output.finish(), "hex");
    new Uint8Array(data.shared, DIGEST_OFFSET, digest.length).set(digest);
    say(CONSUMER.done);
  } catch (error) {
    output?.dispose();
    writeFailure(data.shared, error);
    say(CONSUMER.failed);
  }
}

/** Hashes what the calling thread wrote before it handed the spill over (read back from the file). */
function hashPrefix(output: SpillOutput, fd: number, bytes: number): void {
  const buffer = Buffer.allocUnsafe(Math.min(bytes, STEP_BYTES));
  for (let position = 0; position < bytes; ) {
    const read = fs.readSync(fd, buffer, 0, Math.min(buffer.length, bytes - position), position);
    if (read === 0) throw new Error(`the spill file is shorter than the ${bytes} bytes written to it`);
    output.hashWritten(buffer.subarray(0, read));
    position += read;
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
