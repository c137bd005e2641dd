// Entry of the spill worker (bundled on its own and inlined as CORREX_SPILL_WORKER by scripts/build.mjs and
// vitest.config.ts): runs one consumer over the ring it was started with.
import { createHash } from "node:crypto";
import { workerData } from "node:worker_threads";
import { consumeSpill } from "./spill-consumer.js";
import type { SpillWorkerData } from "./spill-ring.js";

void consumeSpill(workerData as SpillWorkerData, createHash("sha256"));
