// The one table from error codes to exit statuses (SPEC §1).
import type { CorrexErrorCode } from "../errors.js";

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  dataError: 65,
  ioError: 74,
  timeout: 124,
  cannotExecute: 126,
  notFound: 127,
} as const;

const BY_CODE: Record<CorrexErrorCode, number> = {
  usage: EXIT.usage,
  input: EXIT.dataError,
  unavailable: EXIT.dataError,
  io: EXIT.ioError,
  not_found: EXIT.failure,
};

/** The exit status for an error raised with a stable code. */
export function exitCodeFor(code: CorrexErrorCode): number {
  return BY_CODE[code];
}
