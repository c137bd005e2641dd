// The shape every per-tool formatter gives: a frame kept whole around a body that may be cut.
import type { Budget } from "../bound/types.js";

/**
 * A tool result as text for the model, in parts. The written text is exactly
 * `header + body + footer` (each part carries its own separating newlines).
 */
export interface ToolText {
  /** Always kept whole, before the body ("" if none). */
  header: string;
  /** The part the bounder may cut (head/tail), or already fitted to the budget when `paged`. */
  body: string;
  /** Always kept whole, after the body (e.g. "\n\nCommand exited with code 1."). */
  footer: string;
  /** True when the formatter already fitted header + body + footer to the budget itself (read, grep, glob). */
  paged: boolean;
  /** What the terminal shows instead of body (edit: the summary and the diff). */
  terminalBody?: string;
  /** A page's first line not shown, in the file's own line numbers (read), when the file goes on. */
  nextOffset?: number;
  /**
   * A failure that kept output (the body): its error as text. A text projection writes it after the footer, kept
   * whole; a payload carries it in its own `error` field beside the bounded data (lowering joins the two).
   */
  error?: string;
  /**
   * True for a failure shown as its own text (the generic format): the model's text projection states it
   * (`Error: `, as lowerings to APIs without an error flag do); the terminal marks it, a payload flags it.
   */
  failed?: boolean;
}

/** What a formatter may need besides the result. */
export interface FormatContext {
  /** The budget of the whole written text (what surrounds it, e.g. a JSON envelope, already taken off). */
  budget: Budget;
  /**
   * Cost in bytes of a piece of text as written; must be additive (the cost of a concatenation is the
   * sum of the costs), as UTF-8 length or JSON-escaped length without the quotes are. Default: UTF-8 bytes.
   */
  measure?: (text: string) => number;
  /** `opencode`: the tools whose opencode text differs from correx's (edit) write opencode's. Default `correx`. */
  style?: "correx" | "opencode";
}
