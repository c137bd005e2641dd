// Starting the spill worker and watching its thread, for the sink that hands it a spill (spill-sink.ts): the
// shared memory both threads use, the worker made from its bundled source, the wait for it to be ready (tests of
// the ring), and whether its thread still runs (a worker that dies hard leaves no message).
import * as fs from "node:fs";
import type * as NodeWorkerThreads from "node:worker_threads";
import { nodeWorkerThreads } from "../lazy-builtin.js";
import type { SpillFault, SpillFiles } from "./spill-output.js";
import { CONSUMER, CONTROL_BYTES, SLOT, controlOf, numbersOf, ringOf, type SpillWorkerData } from "./spill-ring.js";

declare const CORREX_SPILL_WORKER: string | undefined;

/** How long a wait for a worker to be ready lasts at most. */
export const START_LIMIT_MS = 10_000;
/** Longest single wait for the worker: then whether its thread still runs is checked. */
export const WAIT_SLICE_MS = 250;

/** A started worker and the shared memory its sink talks to it through. */
export interface StartedWorker {
  shared: SharedArrayBuffer;
  control: Int32Array;
  numbers: Float64Array;
  ring: Uint8Array;
  worker: import("node:worker_threads").Worker;
  /** Resolves once the worker's thread is gone (its memory freed). */
  exited: Promise<void>;
}

/** The worker's source, bundled at build time (scripts/build.mjs; vitest.config.ts for the tests). */
export function bundledWorker(): string | undefined {
  return typeof CORREX_SPILL_WORKER === "string" ? CORREX_SPILL_WORKER : undefined;
}

/** What a spill worker is started with besides its files and ring: see SpillSinkOptions. */
export interface WorkerSettings {
  fault?: SpillFault | undefined;
  limits?: NodeWorkerThreads.ResourceLimits | undefined;
  nice?: number | undefined;
}

/**
 * Starts a spill worker (unreferenced: it never keeps the process alive) for `files`, within `limits` if given;
 * undefined when none can start.
 */
export function startSpillWorker(files: SpillFiles, ringBytes: number, source: string, { fault, limits, nice }: WorkerSettings = {}): StartedWorker | undefined {
  const shared = new SharedArrayBuffer(CONTROL_BYTES + ringBytes);
  const data: SpillWorkerData = { shared, ringBytes, files, ...(fault ? { fault } : {}), ...(nice === undefined ? {} : { nice }) };
  let worker: import("node:worker_threads").Worker;
  try {
    const threads = nodeWorkerThreads();
    // The worker closes descriptors this thread opened: tracked (Node's default), each close would be a warning
    // on its stderr, which this thread never reads, and that keeps the worker alive until the process exits.
    const limited = limits ? { resourceLimits: limits } : {};
    worker = new threads.Worker(source, { eval: true, workerData: data, env: threads.SHARE_ENV, stdout: true, stderr: true, trackUnmanagedFds: false, ...limited });
  } catch {
    return undefined;
  }
  worker.on("error", () => undefined); // a worker that dies before it is ready never gets the spill
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return { shared, control: controlOf(shared), numbers: numbersOf(shared), ring: ringOf(shared, ringBytes), worker, exited };
}

/** Waits up to `limitMs` for the worker to be ready; true when it is. */
export function waitUntilReady(control: Int32Array, limitMs: number): boolean {
  const until = Date.now() + limitMs;
  for (let seen = Atomics.load(control, SLOT.consumerSeq); Atomics.load(control, SLOT.consumer) !== CONSUMER.ready && Date.now() < until; seen = Atomics.load(control, SLOT.consumerSeq)) {
    Atomics.wait(control, SLOT.consumerSeq, seen, WAIT_SLICE_MS);
  }
  return Atomics.load(control, SLOT.consumer) === CONSUMER.ready;
}

/** True when the worker's thread no longer runs (Linux: its task is gone); false where that cannot be told. */
export function workerGone(control: Int32Array): boolean {
  const threadId = Atomics.load(control, SLOT.threadId);
  return threadId > 0 && !fs.existsSync(`/proc/self/task/${threadId}`);
}
