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
