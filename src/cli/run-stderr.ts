// With `correx run --stderr separate`: the budget stderr is bounded to, apart from the output, and its section in
// the model text (run-command.ts).
import type { BoundSession } from "../bound/session.js";
import type { BoundText } from "../bound/types.js";
import { BudgetTooSmallError } from "../errors.js";
import type { ProjectionConfig } from "./projection-config.js";

/**
 * With `--stderr separate`, stderr is bounded on its own to at least this share of each budget, and to the room a
 * small stdout leaves when that is more (stderrBudget).
 */
const STDERR_SHARE = 0.25;
/**
 * The most bytes one byte of stdout may become in what is written: an invalid byte is written as U+FFFD (3 bytes);
 * escaped in JSON, a newline, a quote or a backslash takes 2 (control bytes are cleaned out before).
 */
const STDOUT_GROWTH = 3;
/** The heading of stderr's section in the text (describeStderr). */
export const STDERR_HEADING = "\n\nstderr:\n";

/** The budget stderr gets when it is kept apart. */
export function shareOf(config: ProjectionConfig): ProjectionConfig["bound"]["budget"] {
  const { maxLines, maxBytes, maxTokens } = config.bound.budget;
  const part = (limit: number): number => Math.max(1, Math.floor(limit * STDERR_SHARE));
  return { maxLines: part(maxLines), maxBytes: part(maxBytes), ...(maxTokens === undefined ? {} : { maxTokens: part(maxTokens) }) };
}

/**
 * stderr's bounding, kept apart. It cannot be given again either: a refusal saves it, and names the limits the user
 * gives (its share of them is at least STDERR_SHARE).
 */
export function finishStderr(session: BoundSession, fields: Parameters<BoundSession["finish"]>[0], late: Parameters<BoundSession["finish"]>[1], config: ProjectionConfig): BoundText {
  try {
    return session.finish(fields, late, true);
  } catch (error) {
    if (error instanceof BudgetTooSmallError) throw error.ofShare(STDERR_SHARE, config.bound.budget, ` (stderr, kept apart, is bounded to at least ${STDERR_SHARE * 100} % of it)`);
    throw error;
  }
}

/**
 * The budget stderr gets when it is kept apart: its share, or, when stdout is small, what stdout and the frame (its
 * reservation, stderr's heading included: `frame`) leave of each limit, if more. A compiler that writes only to
 * stderr had a quarter of the budget, the rest left empty. stdout is counted at its largest as written
 * (STDOUT_GROWTH; a token is at least one byte), so that it still fits whole beside stderr: the output's own finish
 * checks the whole as written.
 */
export function stderrBudget(config: ProjectionConfig, stdout: { bytes: number; lines: number } | undefined, frame: { bytes: number; lines: number }): ProjectionConfig["bound"]["budget"] {
  const share = shareOf(config);
  if (stdout === undefined) return share;
  const { maxLines, maxBytes, maxTokens } = config.bound.budget;
  const bytes = frame.bytes + STDOUT_GROWTH * stdout.bytes;
  const left = (limit: number, shared: number, taken: number): number => Math.max(shared, limit - taken);
  return {
    maxLines: left(maxLines, share.maxLines, frame.lines + stdout.lines),
    maxBytes: left(maxBytes, share.maxBytes, bytes),
    ...(maxTokens === undefined ? {} : { maxTokens: left(maxTokens, share.maxTokens!, bytes) }),
  };
}

/** stderr kept apart, as a section of the model text before the ending sentence. */
export function describeStderr(text: string): string {
  const trimmed = text.replace(/(\r?\n)+$/, "");
  return trimmed === "" ? "" : `${STDERR_HEADING}${trimmed}`;
}
