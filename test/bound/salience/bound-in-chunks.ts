// Bounds bytes written in pieces through a BoundSession, at the drawn budget or, when that one is refused as too
// small for the marker, at the smallest budget the refusal names (issue 11): what the properties check.
import { BoundSession, resolveBoundOptions } from "../../../src/bound/index.js";
import type { BoundText } from "../../../src/bound/index.js";
import { BudgetTooSmallError } from "../../../src/errors.js";
import type { SpillStore } from "../../../src/spill/store.js";

/** A line and byte budget. */
export interface Limits {
  maxLines: number;
  maxBytes: number;
}

/** The result of bounding `bytes` written `chunk` bytes at a time, and the limits it was bounded at. */
export function boundInChunks(bytes: Buffer, drawn: Limits, chunk: number, store: SpillStore): { result: BoundText; limits: Limits } {
  const run = (limits: Limits): BoundText => {
    const session = new BoundSession(resolveBoundOptions({ budget: limits }), { store });
    for (let offset = 0; offset < bytes.length; offset += chunk) session.write(bytes.subarray(offset, offset + chunk));
    return session.finish();
  };
  try {
    return { result: run(drawn), limits: drawn };
  } catch (error) {
    if (!(error instanceof BudgetTooSmallError)) throw error;
    const limits = { ...drawn, ...error.needed };
    return { result: run(limits), limits };
  }
}
