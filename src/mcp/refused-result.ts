// A tools/call result the proxy bounds, or, when the budget cannot hold even its marker, a tool error in its place.
import { BudgetTooSmallError } from "../errors.js";

/**
 * A result bounded by `bound`; when the budget cannot hold even its marker (BudgetTooSmallError), a tool error that
 * says so, in place of the result (writing it whole would break the budget; the proxy goes on). Said with `log`.
 */
export function boundOrRefused(result: Record<string, unknown>, bound: () => Record<string, unknown> | undefined, log: (message: string) => void): Record<string, unknown> | undefined {
  try {
    return bound();
  } catch (error) {
    if (!(error instanceof BudgetTooSmallError)) throw error;
    log(`a result was not passed on: ${error.message}`);
    // the result's resultType (2026-07-28) stays: a client of that revision refuses a result without one
    const kept = result.resultType === undefined ? {} : { resultType: result.resultType };
    return { ...kept, content: [{ type: "text", text: `correx proxy: the result was not passed on: ${error.message}` }], isError: true };
  }
}
