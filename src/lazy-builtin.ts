// Node built-ins loaded on first use: most calls never spill or spawn, and each built-in costs start-up time.
import type * as NodeChildProcess from "node:child_process";
import type * as NodeCrypto from "node:crypto";
import type * as NodeNet from "node:net";
import type * as NodeOs from "node:os";
import type * as NodeTty from "node:tty";
import type * as NodeWorkerThreads from "node:worker_threads";

let load: ((name: string) => unknown) | undefined; // made on the first load: most runs load none

/**
 * Loads a built-in: process.getBuiltinModule where this Node has it (20.16 on), else the module's `require` (the
 * CLI's CommonJS bundle is given bin/correx's; the library's ES module makes one in its banner, scripts/build.mjs).
 * Not a require made here with node:module's createRequire: importing node:module loads it and three modules of
 * Node's ES loader at every start (~0.5 ms), and in the CommonJS bundle import.meta.url is a file URL made from the
 * bundle's path with node:url on first use.
 */
function loadBuiltin(name: string): unknown {
  const getBuiltin = (process as { getBuiltinModule?: (name: string) => unknown }).getBuiltinModule;
  load ??= typeof getBuiltin === "function" ? (builtin) => getBuiltin.call(process, builtin) : require;
  return load(name);
}

/** A getter that requires the built-in `name` the first time it is called and returns the same module after. */
function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= loadBuiltin(name) as T);
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

/** What node:v8 and Node's binding under it both have: V8's flags set at run time. */
interface FlagSetter {
  setFlagsFromString(flags: string): void;
}

let flagSetter: FlagSetter | undefined;

/**
 * Sets V8 flags at run time, as node:v8's setFlagsFromString does, without requiring node:v8: it loads Node's stream
 * modules (3–10 ms of the reading thread's time, issue 16), and every output cut past 32 KiB sets a flag at its end
 * (one-off.ts), every log that reaches the tail ring with salience on Node 20 one to compile the needle scan. Node's
 * binding under node:v8 serves (its access reported once as deprecated, DEP0111: silenced for that access, never
 * another warning); node:v8 where the binding is gone or refused (a later Node).
 */
export function setV8Flags(flags: string): void {
  flagSetter ??= v8Binding() ?? (loadBuiltin("node:v8") as FlagSetter);
  flagSetter.setFlagsFromString(flags);
}

/** Node's v8 binding (its setFlagsFromString), or undefined where this Node has none to give. */
function v8Binding(): FlagSetter | undefined {
  const quiet = process.noDeprecation;
  process.noDeprecation = true;
  try {
    const binding = (process as unknown as { binding?: (name: string) => Partial<FlagSetter> | undefined }).binding?.("v8");
    return typeof binding?.setFlagsFromString === "function" ? (binding as FlagSetter) : undefined;
  } catch {
    return undefined;
  } finally {
    process.noDeprecation = quiet;
  }
}
