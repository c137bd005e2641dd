// Node built-ins loaded on first use: most calls never spill or spawn, and each built-in costs start-up time.
import { createRequire } from "node:module";
import type * as NodeChildProcess from "node:child_process";
import type * as NodeCrypto from "node:crypto";
import type * as NodeNet from "node:net";
import type * as NodeOs from "node:os";
import type * as NodeTty from "node:tty";
import type * as NodeV8 from "node:v8";
import type * as NodeWorkerThreads from "node:worker_threads";

let load: NodeRequire | undefined; // made on the first load: most runs load none

/** A getter that requires the built-in `name` the first time it is called and returns the same module after. */
function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= (load ??= createRequire(import.meta.url))(name) as T);
}

/** node:crypto, required the first time it is needed (hashing and ids of a spill). */
export const nodeCrypto = lazily<typeof NodeCrypto>("node:crypto");

/** node:child_process, required the first time it is needed (a background collection). */
export const nodeChildProcess = lazily<typeof NodeChildProcess>("node:child_process");

/** node:worker_threads, required the first time it is needed (the spill worker). */
export const nodeWorkerThreads = lazily<typeof NodeWorkerThreads>("node:worker_threads");

/** node:tty, required the first time it is needed (only when a descriptor is a character device). */
export const nodeTty = lazily<typeof NodeTty>("node:tty");

/** node:net, required the first time it is needed (waiting on a pipe that has nothing to read yet). */
export const nodeNet = lazily<typeof NodeNet>("node:net");

/** node:os, required the first time it is needed (a signal's number; the home directory when HOME is unset). */
export const nodeOs = lazily<typeof NodeOs>("node:os");

/** node:v8, required the first time it is needed (the end of a large output; it loads node:stream). */
export const nodeV8 = lazily<typeof NodeV8>("node:v8");
