// `run`'s heap, kept small for its peak RSS goal (80 MiB, the spill worker's ~8 MiB included) without slowing down
// the code that loads after it. A V8 flag off its default changes V8's flag hash, and V8 rejects the code caches
// made with the defaults: a Node built-in loaded after it compiles from source (3× the CPU), and so does a
// worker's whole start-up while the flag is set (2.4× its instructions with `--optimize-for-size`, which cannot
// be unset: it implies other flags). So the built-ins `run` needs are loaded first, and the spill worker starts
// with the defaults: the young generation's growth factor, V8 itself resets when the worker's isolate is set up
// (the old code set it again every 64 KiB while the worker started, and the rest of its start-up compiled from
// source); `--optimize-for-size` waits until the worker has taken the spill, or the input is over.
import { nodeChildProcess, nodeCrypto, nodeNet, nodeWorkerThreads } from "../lazy-builtin.js";
import { keepHeapSmall, keepYoungGenerationSmall } from "./small-heap.js";

/** The V8 flag setters (small-heap.ts), and what loads the built-ins first; the tests give their own. */
export interface HeapFlags {
  loadBuiltins(): void;
  keepYoungGenerationSmall(): void;
  keepHeapSmall(): void;
}

/** The heap policy of one `run`: the hooks the spill (SpillSinkOptions) and the end of the input call. */
export interface RunHeap {
  /** The worker has taken the spill (its start-up is over): the young generation is capped again, the heap favours size. */
  workerTookSpill(): void;
  /** The input is over: the heap favours size for the last step, whether a worker started or not. */
  inputEnded(): void;
}

const V8_FLAGS: HeapFlags = {
  // the spawn, the output channel, the spill's hash and its worker
  loadBuiltins: () => void [nodeChildProcess(), nodeNet(), nodeCrypto(), nodeWorkerThreads()],
  keepYoungGenerationSmall,
  keepHeapSmall,
};

/**
 * Loads the built-ins and caps the young generation now; once the worker has taken the spill (or the input ended
 * first), caps it again (V8 reset it for the worker) and favours size. Nothing is set while the worker starts.
 */
export function keepRunHeapSmall(flags: HeapFlags = V8_FLAGS): RunHeap {
  flags.loadBuiltins();
  flags.keepYoungGenerationSmall();
  let small = false;
  const favourSize = (): void => {
    if (small) return;
    small = true;
    flags.keepHeapSmall();
  };
  return {
    workerTookSpill: favourSize,
    inputEnded: favourSize,
  };
}
