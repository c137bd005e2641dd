// The output part of `correx run`'s model text: the bash format's body (SPEC §5) applied to a bounded text.
import type { BoundText } from "../bound/types.js";
import { NO_OUTPUT } from "../tools/bash.js";

const TRAILING_NEWLINES = /(\r?\n)+$/;

/**
 * The bounded output as the bash format shows it: trailing newlines dropped (the footer brings its own
 * blank line), `(no output)` when nothing is left. Only ever shortens, except for an empty output, which
 * the caller reserves room for. The parts are trimmed with the text, so head + marker + tail stays the text.
 */
export function shapeCommandOutput(bound: BoundText): BoundText {
  const trimmed = bound.text.replace(TRAILING_NEWLINES, "");
  if (trimmed === "") return { ...bound, head: NO_OUTPUT, marker: undefined, tail: "", text: NO_OUTPUT, lineSources: undefined };
  let excess = bound.text.length - trimmed.length;
  if (excess === 0) return bound;
  const cutEnd = (part: string): string => {
    const cut = Math.min(excess, part.length);
    excess -= cut;
    return part.slice(0, part.length - cut);
  };
  const tail = cutEnd(bound.tail);
  const marker = bound.marker === undefined ? undefined : cutEnd(bound.marker);
  const head = cutEnd(bound.head);
  return { ...bound, head, marker, tail, text: trimmed, lineSources: undefined };
}
