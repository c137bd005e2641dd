// Where a spill's data goes from the thread that reads the input: written and hashed here for the first
// THREAD_AFTER_BYTES (most spills are small: no worker to start), then handed to a spill worker through a shared
// ring, which writes and hashes on the other core while this thread only copies. A worker that never starts is
// taken back: the ring holds every byte it was given. Either way the same bytes, in order.
import { nodeCrypto, nodeWorkerThreads } from "../lazy-builtin.js";
import { readDigest, readFailure } from "./spill-consumer.js";
import { SpillOutput, type SpillFault, type SpillFiles } from "./spill-output.js";
import { CONSUMER, CONTROL_BYTES, PRODUCER, SLOT, announce, controlOf, ringOf, type SpillWorkerData } from "./spill-ring.js";

declare const CORREX_SPILL_WORKER: string | undefined;

/** Ring bytes by default: room for a couple of reads while the worker writes (shared memory, counted in RSS). */
export const DEFAULT_RING_BYTES = 2 * 1024 * 1024;
/** Spill bytes written on the calling thread before a worker takes over. */
export const THREAD_AFTER_BYTES = 8 * 1024 * 1024;
/** How long the producer waits for a worker that has not started before it saves on its own thread. */
const START_LIMIT_MS = 10_000;
/** Longest single wait: a wait is re-checked at least this often. */
const WAIT_SLICE_MS = 1000;

/** How a spill is saved: `thread: false` keeps it on the calling thread; the rest is for tests. */
export interface SpillSinkOptions {
  thread?: boolean;
  ringBytes?: number;
  /** Bytes saved on the calling thread before the worker starts. */
  threadAfterBytes?: number;
  /** An injected write error. */
  fault?: SpillFault;
  /** Another worker source (one that never starts, one that dies). */
  workerSource?: string;
  /** How long to wait for a worker that has not started before saving on this thread. */
  startLimitMs?: number;
}

/** The worker's source, bundled at build time (scripts/build.mjs; vitest.config.ts for the tests). */
function bundledWorker(): string | undefined {
  return typeof CORREX_SPILL_WORKER === "string" ? CORREX_SPILL_WORKER : undefined;
}

/** Takes a spill's data in order and saves it; a failure is kept (`failure`), never thrown. */
export class SpillSink {
  private readonly files: SpillFiles;
  private readonly options: SpillSinkOptions;
  /** Saves on this thread (until a worker takes over; again if it never starts). */
  private inline: SpillOutput | undefined;
  private shared: SharedArrayBuffer | undefined;
  private control: Int32Array | undefined;
  private ring: Uint8Array | undefined;
  private at = 0;
  private startedAt = 0;
  /** A worker was tried (once: after a take-back the spill stays on this thread). */
  private tried = false;
  /** Why saving failed (the error of the write or close), once it did. */
  failure: Error | undefined;

  constructor(files: SpillFiles, options: SpillSinkOptions = {}) {
    this.files = files;
    this.options = options;
    this.inline = new SpillOutput(files, nodeCrypto().createHash("sha256"), options.fault);
  }

  /** True when the bytes go through a worker. */
  get threaded(): boolean {
    return this.control !== undefined;
  }

  /** Saves the next bytes (the caller may reuse them once this returns); false once saving has failed. */
  write(chunk: Uint8Array): boolean {
    if (this.failure) return false;
    if (!this.control) {
      if (!this.saveInline(chunk)) return false;
      if (this.inline!.written >= (this.options.threadAfterBytes ?? THREAD_AFTER_BYTES) && this.options.thread !== false && !this.tried) this.startWorker();
      return true;
    }
    let offset = 0;
    while (this.control && this.ring && offset < chunk.length) {
      const seen = Atomics.load(this.control, SLOT.consumerSeq);
      const state = Atomics.load(this.control, SLOT.consumer);
      if (state === CONSUMER.failed) {
        this.failure = readFailure(this.shared!);
        return false;
      }
      const room = this.ring.length - Atomics.load(this.control, SLOT.filled);
      if (room === 0) {
        if (this.startOverdue(state)) this.takeBack();
        else Atomics.wait(this.control, SLOT.consumerSeq, seen, WAIT_SLICE_MS);
        continue;
      }
      const take = Math.min(room, chunk.length - offset, this.ring.length - this.at);
      this.ring.set(chunk.subarray(offset, offset + take), this.at);
      this.at = (this.at + take) % this.ring.length;
      offset += take;
      Atomics.add(this.control, SLOT.filled, take);
      announce(this.control, SLOT.producer, SLOT.producerSeq);
    }
    return offset < chunk.length ? this.saveInline(chunk.subarray(offset)) : true;
  }

  /** Waits until everything is saved and the file closed; the sha256 in hex, or undefined (see `failure`). */
  close(): string | undefined {
    if (this.failure) return undefined;
    if (this.control) {
      announce(this.control, SLOT.producer, SLOT.producerSeq, PRODUCER.closed);
      for (;;) {
        const seen = Atomics.load(this.control, SLOT.consumerSeq);
        const state = Atomics.load(this.control, SLOT.consumer);
        if (state === CONSUMER.done) return readDigest(this.shared!);
        if (state === CONSUMER.failed) {
          this.failure = readFailure(this.shared!);
          return undefined;
        }
        if (this.startOverdue(state)) {
          if (this.takeBack()) break;
        } else Atomics.wait(this.control, SLOT.consumerSeq, seen, WAIT_SLICE_MS);
      }
    }
    if (this.failure) return undefined;
    try {
      return this.inline!.finish();
    } catch (error) {
      this.failure = error as Error;
      this.inline!.dispose();
      return undefined;
    }
  }

  /** Stops saving: a running worker closes the file and ends (the caller removes it). */
  abort(): void {
    if (this.control) {
      announce(this.control, SLOT.producer, SLOT.producerSeq, PRODUCER.aborted);
      this.takeBack(); // a worker that has not started yet never will: the file is closed here
    }
    if (!this.control) this.inline?.dispose();
    this.failure ??= new Error("the spill was dropped");
  }

  private startOverdue(state: number): boolean {
    return state === CONSUMER.starting && Date.now() - this.startedAt >= (this.options.startLimitMs ?? START_LIMIT_MS);
  }

  private startWorker(): void {
    this.tried = true;
    const source = this.options.workerSource ?? bundledWorker();
    if (source === undefined) return;
    const ringBytes = this.options.ringBytes ?? DEFAULT_RING_BYTES;
    const shared = new SharedArrayBuffer(CONTROL_BYTES + ringBytes);
    const fault = this.options.fault;
    const data: SpillWorkerData = { shared, ringBytes, files: this.files, prefixBytes: this.inline!.written, ...(fault ? { fault } : {}) };
    try {
      const threads = nodeWorkerThreads();
      const worker = new threads.Worker(source, { eval: true, workerData: data, env: threads.SHARE_ENV, stdout: true, stderr: true });
      worker.on("error", () => undefined); // a worker that dies before it starts is taken back (takeBack)
      worker.unref();
    } catch {
      return; // no worker here: go on saving on this thread
    }
    this.startedAt = Date.now();
    this.shared = shared;
    this.control = controlOf(shared);
    this.ring = ringOf(shared, ringBytes);
    this.at = 0;
  }

  /**
   * Takes the spill back from a worker that has not started (it will find it taken and leave the file alone):
   * the ring holds every byte given since the hand-over, from its start; they are saved here first.
   */
  private takeBack(): boolean {
    const control = this.control!;
    if (Atomics.compareExchange(control, SLOT.consumer, CONSUMER.starting, CONSUMER.stopped) !== CONSUMER.starting) return false;
    const held = this.ring!.subarray(0, Atomics.load(control, SLOT.filled));
    this.control = undefined;
    this.ring = undefined;
    if (Atomics.load(control, SLOT.producer) !== PRODUCER.aborted) this.saveInline(held);
    return true;
  }

  private saveInline(bytes: Uint8Array): boolean {
    if (!this.inline || this.failure) return false;
    try {
      this.inline.take(bytes);
      return true;
    } catch (error) {
      this.failure = error as Error;
      this.inline.dispose();
      return false;
    }
  }
}
