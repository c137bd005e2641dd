// `run`'s heap, kept small for its peak RSS goal (80 MiB, the spill worker's ~10 MiB included) without slowing down
// the code that loads after it. A V8 flag off its default changes V8's flag hash, and V8 rejects the code caches
// made with the defaults: a Node built-in loaded after it compiles from source (3× the CPU), and so does a
// worker's whole start-up while the flag is set (2.4× its instructions with `--optimize-for-size`, which cannot
// be unset: it implies other flags), and so would the bundle's own cache if the build's run of `run` had set one.
// So nothing is set for a short output (the spawn, the socket pair and what they load, node:cluster among them, and
// the build's run that makes the bundle's cache, run on the defaults); the young generation's cap is set once the
// output passes SHORT_OUTPUT_BYTES (it never grew by then); the spill's built-ins are loaded only
// once the output grows (a small one never needs them), with the cap lifted meanwhile, or, for an output that was
// capped but ended before that, when the input ends (its spill is saved then: crypto's 17 modules under the cap
// compiled from source, ~6 ms of a 200 KB output's end); and the spill worker starts
// with the defaults: the cap, V8 itself lifts when the worker's isolate is set up; `--optimize-for-size` waits
// until the worker has taken the spill, or, where one may start, the input is over (not for a small output: its last
// step is small; never at the store's default cap, where no worker starts and it saves no memory).
import { nodeChildProcess, nodeCrypto, nodeWorkerThreads } from "../lazy-builtin.js";
import { keepHeapSmall, keepYoungGenerationSmall, letYoungGenerationGrow } from "./small-heap.js";

/** Output bytes after which the spill's built-ins are loaded: under the 1 MiB the spill holds in memory before it opens. */
export const SPILL_BUILTINS_AFTER_BYTES = 512 * 1024;
/** Output bytes after which the young generation is capped (most commands write less, and set no flag at all). */
export const SHORT_OUTPUT_BYTES = 64 * 1024;

/** The V8 flag setters (small-heap.ts), and what loads the built-ins (the spawn's, the spill's); the tests give their own. */
export interface HeapFlags {
  /** A spill worker may start (the store's cap raised past its default): the heap favours size once the input is over. */
  spillWorker: boolean;
  /** A spill may be saved (not `--no-spill`): an output capped that ends early loads the spill's built-ins at its end. */
  spills: boolean;
  /**
   * "spill" as the output grows (node:crypto, and node:worker_threads where a worker may start); "end" for a spill
   * saved once the input is over (node:crypto: no worker starts then).
   */
  loadBuiltins(which: "spawn" | "spill" | "end"): void;
  keepYoungGenerationSmall(): void;
  letYoungGenerationGrow(): void;
  keepHeapSmall(): void;
}

/** The heap policy of one `run`: the hooks the output, the spill (SpillSinkOptions) and the end of the input call. */
export interface RunHeap {
  /** The command wrote `bytes` more: past SPILL_BUILTINS_AFTER_BYTES in all, the spill's built-ins are loaded (once). */
  wrote(bytes: number): void;
  /** The worker has taken the spill (its start-up is over): the young generation is capped again, the heap favours size. */
  workerTookSpill(): void;
  /**
   * The input is over: where a spill worker may start, past SPILL_BUILTINS_AFTER_BYTES the heap favours size for the
   * last step, whether a worker started or not (room for one finishing the spill); without a worker, nothing is set.
   * An output past SHORT_OUTPUT_BYTES (capped) that ended before SPILL_BUILTINS_AFTER_BYTES, and may be saved, loads
   * the spill's built-ins now, with the cap lifted meanwhile, as a longer one did as it grew.
   */
  inputEnded(): void;
}

/** The flag setters of V8 itself; the spill's built-ins are node:crypto, and node:worker_threads where a spill worker may start. */
export function runHeapFlags(spillWorker: boolean, spills = true): HeapFlags {
  return {
    spillWorker,
    spills,
    // node:net is loaded with the output channel's module, before any of this
    loadBuiltins: (which) => void (which === "spawn" ? nodeChildProcess() : [nodeCrypto(), which === "spill" && spillWorker && nodeWorkerThreads()]),
    keepYoungGenerationSmall,
    letYoungGenerationGrow,
    keepHeapSmall,
  };
}

/**
 * Loads the spawn's built-in now; caps the young generation once the output passes SHORT_OUTPUT_BYTES; loads the
 * spill's built-ins with the cap lifted once it passes SPILL_BUILTINS_AFTER_BYTES (or, capped, when its input ends
 * before, unless nothing is saved); once the worker has taken the
 * spill (or, where one may start, the input of such an output ended first), caps it again (V8 lifted it for the
 * worker) and favours size. Nothing is set while the worker starts, nor ever for a short output. Without a spill
 * worker (the store's default cap) the heap is not told to favour size at the end: that made V8's next collections
 * memory-reducing ones (a scavenge and a mark-compact "(reduce)" in the cut at 1 MiB, ~3 ms of wall, ~6 of CPU) for
 * no peak memory saved (64 MiB either way at 100 MiB; bench/README.md, the nineteenth session).
 */
export function keepRunHeapSmall(flags: HeapFlags): RunHeap {
  flags.loadBuiltins("spawn");
  let written = 0;
  let loaded = false;
  let small = false;
  const favourSize = (): void => {
    if (small) return;
    small = true;
    flags.keepHeapSmall();
  };
  /** The spill's built-ins, loaded with the young generation's cap lifted (V8's default flag hash: their code cache). */
  const loadSpillBuiltins = (which: "spill" | "end"): void => {
    loaded = true;
    flags.letYoungGenerationGrow();
    flags.loadBuiltins(which);
    flags.keepYoungGenerationSmall();
  };
  return {
    wrote(bytes) {
      if (loaded) return;
      const before = written;
      if ((written += bytes) >= SHORT_OUTPUT_BYTES && before < SHORT_OUTPUT_BYTES) flags.keepYoungGenerationSmall();
      if (written >= SPILL_BUILTINS_AFTER_BYTES) loadSpillBuiltins("spill");
    },
    workerTookSpill: favourSize,
    inputEnded() {
      if (loaded) {
        if (flags.spillWorker) favourSize();
      } else if (written >= SHORT_OUTPUT_BYTES && flags.spills) loadSpillBuiltins("end");
    },
  };
}
