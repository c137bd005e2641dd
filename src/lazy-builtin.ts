// Node built-ins loaded on first use: most calls never spill or spawn, and each built-in costs start-up time.
import { createRequire } from "node:module";
import type * as NodeChildProcess from "node:child_process";
import type * as NodeCrypto from "node:crypto";
import type * as NodeNet from "node:net";
import type * as NodeTty from "node:tty";
import type * as NodeWorkerThreads from "node:worker_threads";

const load = createRequire(import.meta.url);
let crypto: typeof NodeCrypto | undefined;
let childProcess: typeof NodeChildProcess | undefined;
let workerThreads: typeof NodeWorkerThreads | undefined;
let tty: typeof NodeTty | undefined;
let net: typeof NodeNet | undefined;

/** node:crypto, required the first time it is needed (hashing and ids of a spill). */
export function nodeCrypto(): typeof NodeCrypto {
  crypto ??= load("node:crypto") as typeof NodeCrypto;
  return crypto;
}

/** node:child_process, required the first time it is needed (a background collection). */
export function nodeChildProcess(): typeof NodeChildProcess {
  childProcess ??= load("node:child_process") as typeof NodeChildProcess;
  return childProcess;
}

/** node:worker_threads, required the first time it is needed (the spill worker). */
export function nodeWorkerThreads(): typeof NodeWorkerThreads {
  workerThreads ??= load("node:worker_threads") as typeof NodeWorkerThreads;
  return workerThreads;
}

/** node:tty, required the first time it is needed (only when a descriptor is a character device). */
export function nodeTty(): typeof NodeTty {
  tty ??= load("node:tty") as typeof NodeTty;
  return tty;
}

/** node:net, required the first time it is needed (waiting on a pipe that has nothing to read yet). */
export function nodeNet(): typeof NodeNet {
  net ??= load("node:net") as typeof NodeNet;
  return net;
}
