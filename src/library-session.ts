// The library's streaming bounder: the session behind `bound`, held to one output. A harness that wrote to a
// session after finish() (a late chunk of a stream, a second command's output into the same session) had it taken
// silently: the next finish() wrote a record whose line count took the late bytes in while the saved file held none
// of them, and its projection over the first one's.
import { BoundSession as Session, type BoundOptions, type BoundText, type RecordFields, type SpillTarget } from "./bound/index.js";
import type { LateOptions } from "./bound/session.js";
import { UsageError } from "./errors.js";
import { checkBudget, inOptionTerms } from "./library-budget.js";
import { describeValue } from "./library-input.js";
import { checkBoundOptionsInput, checkSpillTarget } from "./library-options.js";
import { withReadArguments } from "./library-spill.js";

/** How the first finish() ended: its result, or what it threw. */
type Finished = { text: BoundText } | { error: unknown };

/**
 * The streaming bounder behind `bound`, in constant memory: `write(chunk)` as bytes arrive (a Buffer, or any
 * Uint8Array: a web stream's, fetch's), then `finish()`. A session bounds one output: a write after finish() throws
 * UsageError, and finish() again gives what the first gave (its result, or its error) without bounding again.
 */
export class BoundSession extends Session {
  private finished: Finished | undefined;

  constructor(options: BoundOptions, spill?: SpillTarget, spillFailure?: string) {
    checkBoundOptionsInput(options);
    checkSpillTarget(spill);
    checkBudget(options.budget);
    super(options, withReadArguments(spill), spillFailure);
  }

  /** Takes the next bytes; a Uint8Array is viewed as a Buffer, not copied (read as one, its lines showed as "108,105,…"). */
  override write(chunk: Uint8Array): void {
    if (this.finished !== undefined) {
      throw new UsageError("BoundSession.write after finish(): a session bounds one output, and this one is finished; start a new BoundSession for the next output");
    }
    if (!(chunk instanceof Uint8Array)) {
      throw new UsageError(`BoundSession.write takes a Buffer or a Uint8Array, not ${describeValue(chunk)}`);
    }
    super.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }

  /** Ends the input and bounds it (once: a second call gives the first call's result, or throws its error again). */
  override finish(fields?: RecordFields, late?: LateOptions, keepOnRefusal?: boolean): BoundText {
    if (this.finished === undefined) {
      try {
        this.finished = { text: inOptionTerms(() => super.finish(fields, late, keepOnRefusal)) };
      } catch (error) {
        this.finished = { error };
      }
    }
    if ("error" in this.finished) throw this.finished.error;
    return this.finished.text;
  }
}
