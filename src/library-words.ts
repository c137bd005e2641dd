// The lowering's warnings in the library's words: the lowering says "anthropic: no call id (pass --call-id ID)", a
// flag, where a harness calling lower(result, "anthropic") passes an option (lower's callId, project's lower.callId).
import { CALL_ID_FLAG, NAME_FLAG } from "./lower/identity.js";

/** `warnings` with the CLI's flags for a call id and a tool name named as the options under `prefix` ("", "lower."). */
export function warningsInOptionTerms(warnings: readonly string[], prefix: string): string[] {
  return warnings.map((warning) => warning.replace(`(pass ${CALL_ID_FLAG})`, `(pass ${prefix}callId)`).replace(`(pass ${NAME_FLAG})`, `(pass ${prefix}name)`));
}
