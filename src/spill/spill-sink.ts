// Where a spill's data goes from the thread that reads the input. Past THREAD_AFTER_BYTES (or with the first write,
// when the spill is known to pass it) a spill worker is started; until it is ready this thread goes on writing the
// file itself (writes only: the worker hashes and indexes those bytes, read back, so none is hashed twice and this
// thread never waits for a worker to boot). Once it is ready the spill is handed over: this thread copies bytes into
// a shared ring, the worker hashes and indexes them and has libuv's thread pool write them; or (no ring) this thread
// writes the whole file, on the pool if asked, and the worker follows it, read back. `end` lets it finish while this
// thread works on. A spill that ends before the worker is ready is finished here.
import { nodeCrypto } from "../lazy-builtin.js";
import { PooledWrites } from "./pooled-writes.js";
import { readDigest, readFailure } from "./spill-consumer.js";
import { SpillOutput, closeQuietly, type SpillFault, type SpillFiles, type SpillWork } from "./spill-output.js";
import { CONSUMER, PRODUCER, SLOT, announce, consumerWork, prefixBytes, ringStart, savedBytes, type ConsumerWork } from "./spill-ring.js";
import { DEFAULT_RING_BYTES, FOLLOW_FROM_BYTES, THREAD_AFTER_BYTES, type SpillSinkOptions } from "./spill-sink-options.js";
import { START_LIMIT_MS, WAIT_SLICE_MS, bundledWorker, startSpillWorker, waitUntilReady, workerGone, type StartedWorker } from "./spill-worker-start.js";

export { DEFAULT_RING_BYTES, FOLLOW_FROM_BYTES, THREAD_AFTER_BYTES, type SpillSinkOptions } from "./spill-sink-options.js";

/** Takes a spill's data in order and saves it; a failure is kept (`failure`), never thrown. */
export class SpillSink {
  private readonly files: SpillFiles;
  private readonly options: SpillSinkOptions;
  /** This thread's output until the spill is handed over (undefined after: the worker owns the files). */
  private output: SpillOutput | undefined;
  /** This thread's output, kept for its work counts. */
  private readonly here: SpillOutput;
  /** Bytes given to the worker's ring, and this thread's place in it. */
  private ringTotal = 0;
  private at = 0;
  private shared: SharedArrayBuffer | undefined;
  private control: Int32Array | undefined;
  private numbers: Float64Array | undefined;
  private ring: Uint8Array | undefined;
  private handed = false;
  /** A worker that takes the spill will follow the file this thread writes to its end (no ring: FOLLOW_FROM_BYTES). */
  private readonly follows: boolean;
  /** The worker follows the file this thread writes (it has taken the spill). */
  private following = false;
  /** No more bytes will come (`end`). */
  private ended = false;
  /** A worker was tried (once: one that cannot start leaves the spill on this thread). */
  private workerTried = false;
  /** The spill worker, once started (unreferenced: it never keeps the process alive). */
  private worker: import("node:worker_threads").Worker | undefined;
  /** Resolves once the worker's thread is gone (its memory freed); at once when none was started. */
  private exited: Promise<void> = Promise.resolve();
  /** A worker may take over: this thread writes without hashing (catchUp hashes what no worker took). */
  private readonly deferred: boolean;
  /** Why saving failed (the error of the write or close), once it did. */
  failure: Error | undefined;

  constructor(files: SpillFiles, options: SpillSinkOptions = {}) {
    this.files = files;
    this.options = options;
    this.follows = (options.expectBytes ?? 0) >= (options.followFromBytes ?? FOLLOW_FROM_BYTES);
    // Pooled writes complete later: never where a worker may take over the file, only where it follows (`readable`).
    const pool = options.pooledWrites && (options.thread === false || this.follows) ? PooledWrites.open(files.dataPath, files.dataFd, undefined, undefined, options.blockMemory) : undefined;
    this.output = new SpillOutput(files, nodeCrypto().createHash("sha256"), options.fault, 0, pool);
    this.here = this.output;
    this.deferred = options.thread !== false && (options.workerSource ?? bundledWorker()) !== undefined;
  }

  /** True when the bytes went to a worker. */
  get threaded(): boolean {
    return this.handed;
  }

  /** The spill worker's thread id in the kernel once it runs (0: none, or unknown): for the tests that watch it end. */
  get workerThread(): number {
    return this.control ? Atomics.load(this.control, SLOT.threadId) : 0;
  }

  /** What was done to save the spill, on this thread and on the worker (once it ended): for the tests that count work. */
  get work(): { here: SpillWork; worker: ConsumerWork | undefined } {
    return { here: this.here.work, worker: this.handed ? consumerWork(this.numbers!) : undefined };
  }

  /** Saves the next bytes (the caller may reuse them once this returns); false once saving has failed. */
  write(chunk: Uint8Array): boolean {
    if (this.failure) return false;
    if (!this.handed) {
      if (!this.control || Atomics.load(this.control, SLOT.consumer) !== CONSUMER.ready) return this.saveHere(chunk);
      this.handOver();
    }
    if (this.following) return this.saveHere(chunk);
    const control = this.control!;
    const ring = this.ring!;
    for (let offset = 0, idle = false; offset < chunk.length; ) {
      const seen = Atomics.load(control, SLOT.consumerSeq);
      if (this.consumerEnded(idle)) return false;
      const room = ring.length - Atomics.load(control, SLOT.filled);
      if (room === 0) {
        idle = this.waitForConsumer(seen);
        continue;
      }
      const take = Math.min(room, chunk.length - offset, ring.length - this.at);
      ring.set(chunk.subarray(offset, offset + take), this.at);
      this.at = (this.at + take) % ring.length;
      this.ringTotal += take;
      offset += take;
      Atomics.add(control, SLOT.filled, take);
      announce(control, SLOT.producer, SLOT.producerSeq);
    }
    return true;
  }

  /**
   * Room to read the next bytes into, which `write` then saves without copying them again (`write` takes them
   * where they lie), while this thread writes the file through the thread pool; undefined otherwise.
   */
  readRoom(least: number): Buffer | undefined {
    return this.failure || this.ended || (this.handed && !this.following) ? undefined : this.output?.readRoom(least);
  }

  /** No more bytes will come: a worker that has the spill finishes it meanwhile (`close` waits); one still starting stops. */
  end(): void {
    this.endBytes();
  }

  /** Waits until everything is saved and the files closed; the sha256 in hex, or undefined (see `failure`). */
  close(): string | undefined {
    if (this.failure) return undefined;
    this.endBytes();
    if (this.handed) {
      const control = this.control!;
      for (let idle = false; ; ) {
        const seen = Atomics.load(control, SLOT.consumerSeq);
        if (Atomics.load(control, SLOT.consumer) === CONSUMER.done) return this.closeFollowed() ? readDigest(this.shared!) : undefined;
        if (this.consumerEnded(idle)) return undefined;
        idle = this.waitForConsumer(seen);
      }
    }
    try {
      return this.output!.finish();
    } catch (error) {
      this.failure = error as Error;
      this.output!.dispose();
      return undefined;
    }
  }

  /** Resolves once no spill worker runs for this sink (its thread is gone; it keeps no process alive): for the tests. */
  workerExited(): Promise<void> {
    return this.exited;
  }

  /** Stops saving: a worker that has the spill closes the files and ends (the caller removes them). */
  abort(): void {
    if (this.handed) announce(this.control!, SLOT.producer, SLOT.producerSeq, PRODUCER.aborted);
    if (this.following) this.output!.closeData();
    this.following = false;
    if (!this.handed) {
      this.release();
      this.output?.dispose();
    }
    this.failure ??= new Error("the spill was dropped");
  }

  /** Writes on this thread (hashing too when no worker can take over); starts the worker past the threshold. */
  private saveHere(chunk: Uint8Array): boolean {
    const output = this.output!;
    try {
      if (this.deferred) output.write(chunk);
      else output.take(chunk);
    } catch (error) {
      this.failure = error as Error;
      if (this.following) this.abort(); // the worker has the index; the data descriptor is closed here
      else output.dispose();
      return false;
    }
    if (this.following) {
      prefixBytes(this.numbers!, output.readable); // how far it may read
      announce(this.control!, SLOT.producer, SLOT.producerSeq);
    }
    if (this.deferred && !this.workerTried && Math.max(output.written, this.options.expectBytes ?? 0) >= (this.options.threadAfterBytes ?? THREAD_AFTER_BYTES)) this.startWorker();
    return true;
  }

  private startWorker(): void {
    this.workerTried = true;
    const ringBytes = this.follows ? 0 : (this.options.ringBytes ?? DEFAULT_RING_BYTES);
    const { fault, workerLimits: limits, workerNice: nice } = this.options;
    const started: StartedWorker | undefined = startSpillWorker(this.files, ringBytes, this.options.workerSource ?? bundledWorker()!, { fault, limits, nice });
    if (started === undefined) return; // no worker here: go on saving on this thread
    ({ shared: this.shared, control: this.control, numbers: this.numbers, ring: this.ring, worker: this.worker, exited: this.exited } = started);
    if (this.options.waitForWorker && waitUntilReady(started.control, this.options.startLimitMs ?? START_LIMIT_MS)) this.handOver();
  }

  /** Gives the files to the ready worker with the count of bytes written here: then only the ring is used, or (none) it follows. */
  private handOver(): void {
    prefixBytes(this.numbers!, this.output!.readable);
    this.following = this.ring!.length === 0;
    this.at = this.following ? 0 : ringStart(this.output!.written, this.ring!.length);
    if (!this.following) this.output = undefined;
    this.handed = true;
    announce(this.control!, SLOT.producer, SLOT.producerSeq, PRODUCER.handed);
    this.options.workerTookSpill?.();
  }

  /** Tells a worker that has the spill that no more bytes will come (once); one that never got it is released. */
  private endBytes(): void {
    if (this.handed && !this.ended && !this.failure && this.wholeForFollower()) announce(this.control!, SLOT.producer, SLOT.producerSeq, PRODUCER.closed);
    this.ended = true;
    this.release();
  }

  /** Makes the file whole for a worker that follows it and lets it read all of it; false (aborted) when that failed. */
  private wholeForFollower(): boolean {
    if (!this.following) return true;
    try {
      this.output!.finishWrites();
    } catch (error) {
      this.failure = error as Error;
      this.abort();
      return false;
    }
    prefixBytes(this.numbers!, this.output!.written);
    return true;
  }

  /** Tells a worker that never got the spill to end without touching the files, and stops it (once). */
  private release(): void {
    if (!this.control || this.handed || Atomics.load(this.control, SLOT.producer) === PRODUCER.released) return;
    announce(this.control, SLOT.producer, SLOT.producerSeq, PRODUCER.released);
    void this.worker?.terminate(); // it may still be starting: no more of its CPU or memory
  }

  /**
   * True (with `failure` set) when the worker failed, or (`idle`: after a wait in which it said nothing) its thread
   * is gone without saying it is done: a worker that dies hard leaves no message.
   */
  private consumerEnded(idle: boolean): boolean {
    if (this.failure) return true;
    const control = this.control!;
    const state = Atomics.load(control, SLOT.consumer);
    if (state === CONSUMER.failed) {
      this.failure = readFailure(this.shared!);
      this.closeFollowed();
    } else if (idle && state !== CONSUMER.done && workerGone(control)) {
      const saved = savedBytes(this.numbers!);
      this.failure = new Error(`the spill worker stopped after saving ${saved} of ${prefixBytes(this.numbers!) + this.ringTotal} bytes`);
      if (state !== CONSUMER.closing) {
        if (!this.following) closeQuietly(this.files.dataFd); // its files were still open: nobody else will close them
        if (this.files.indexFd !== undefined) closeQuietly(this.files.indexFd);
      }
      this.closeFollowed();
    }
    return this.failure !== undefined;
  }

  /** Closes the data file this thread wrote while the worker followed it (a close error fails the spill); true when fine. */
  private closeFollowed(): boolean {
    if (!this.following) return true;
    this.following = false;
    const closing = this.output!.closeData(); // closed whatever failed before
    this.failure ??= closing;
    return this.failure === undefined;
  }

  /** Waits for the worker to say something; true when it said nothing for a whole slice. */
  private waitForConsumer(seen: number): boolean {
    return Atomics.wait(this.control!, SLOT.consumerSeq, seen, WAIT_SLICE_MS) === "timed-out";
  }
}
