// Errors with stable codes; the CLI maps each code to an exit status in one table (cli/exit-codes.ts).

/** The stable error codes correx can fail with. */
export type CorrexErrorCode = "usage" | "input" | "io" | "not_found" | "unavailable";

/** Base class: every error correx raises on purpose carries a stable code and keeps its cause. */
export class CorrexError extends Error {
  readonly code: CorrexErrorCode;
  constructor(code: CorrexErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A flag or argument with a bad value: names the flag, the value and what is accepted. */
export class UsageError extends CorrexError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("usage", message, options);
  }
}

/** Input that cannot be read as the shape that was asked for; `where` is a byte offset or a JSON path. */
export class InputError extends CorrexError {
  readonly where: string | undefined;
  constructor(message: string, where?: string, options?: { cause?: unknown }) {
    super("input", where === undefined ? message : `${message} (at ${where})`, options);
    this.where = where;
  }
}

/** An I/O failure that made the main output impossible. */
export class IoError extends CorrexError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("io", message, options);
  }
}

/** A stored output that is not there (the message says why, from its tombstone when there is one). */
export class NotFoundError extends CorrexError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("not_found", message, options);
  }
}

/** Input that is well formed but that the target cannot carry (e.g. lowering audio where nothing takes it). */
export class UnrepresentableError extends CorrexError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("unavailable", message, options);
  }
}

/** Exhaustiveness check for switches over unions (house rule 4). */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

/** The smallest budget that can hold what must be written (marker, envelope, status line), per limit. */
export interface NeededBudget {
  maxLines?: number;
  maxBytes?: number;
  maxTokens?: number;
}

/** How a refusal names the limits: the CLI's flags (`--max-lines 1`), or the library's options (`budget.maxLines 1`). */
export type BudgetTerms = "flags" | "options";

const BUDGET_KEYS: (keyof NeededBudget)[] = ["maxLines", "maxBytes", "maxTokens"];
const BUDGET_FLAGS: Record<keyof NeededBudget, string> = { maxLines: "--max-lines", maxBytes: "--max-bytes", maxTokens: "--max-tokens" };

/** One limit and its value as `terms` name it. */
function named(key: keyof NeededBudget, value: number | undefined, terms: BudgetTerms): string {
  return terms === "flags" ? `${BUDGET_FLAGS[key]} ${value}` : `budget.${key} ${value}`;
}

/**
 * A budget too small for even the marker or the envelope of this output: writing less would hide the cut
 * or break the budget, so nothing is written (exit 2) and the message names the smallest budget that works, in the
 * CLI's flags, or in the library's options when a library call was given the budget (inOptionTerms).
 */
export class BudgetTooSmallError extends UsageError {
  readonly needed: NeededBudget;
  constructor(needed: NeededBudget, private readonly given: NeededBudget, private readonly after = "", private readonly terms: BudgetTerms = "flags") {
    const keys = BUDGET_KEYS.filter((key) => needed[key] !== undefined);
    const join = terms === "flags" ? " " : ", ";
    const asked = keys.map((key) => named(key, given[key], terms)).join(join);
    const smallest = keys.map((key) => named(key, needed[key], terms)).join(join);
    super(`${asked} cannot hold even the marker of this output (with its frame, envelope or status line); the smallest budget that works is ${smallest}${after}`);
    this.needed = needed;
    this.name = "BudgetTooSmallError";
  }

  /**
   * The refusal of a part bounded to `share` of each limit, said in the terms of the limits given for the whole
   * (`given`): `run --stderr separate`'s stderr named its own quarter (`--max-bytes 200` for a given 800).
   */
  ofShare(share: number, given: NeededBudget, more: string): BudgetTooSmallError {
    const needed: NeededBudget = {};
    for (const key of BUDGET_KEYS) {
      const part = this.needed[key];
      if (part !== undefined) needed[key] = Math.ceil(part / share);
    }
    return refusal(needed, given, `${more}${this.after}`, this.terms);
  }

  /** The same refusal, saying more at its end (where the output was saved, how the command ended). */
  saying(more: string): BudgetTooSmallError {
    return refusal(this.needed, this.given, `${this.after}${more}`, this.terms);
  }

  /** The same refusal in the library's words: `budget.maxBytes 10`, the option a library caller gave, not `--max-bytes 10`. */
  inOptionTerms(): BudgetTooSmallError {
    return this.terms === "options" ? this : refusal(this.needed, this.given, this.after, "options");
  }
}

/**
 * A new refusal, made outside the class body: a class that names itself inside its body is renamed by the bundle
 * (`class _BudgetTooSmallError`), and Node shows an uncaught error, or one logged, by its class's name.
 */
function refusal(needed: NeededBudget, given: NeededBudget, after: string, terms: BudgetTerms): BudgetTooSmallError {
  return new BudgetTooSmallError(needed, given, after, terms);
}
