// The projection of a result whose text was streamed (normalize/envelope-stream.ts): the result comes from the
// skeleton, with a token for each streamed text; this checks that the body a whole projection would bound is
// exactly the texts streamed (else the caller reads the input again the ordinary way), puts each text's true length
// back in meta.parts, and ends the projection on the session that took the text.
import type { BoundSession } from "../bound/session.js";
import { tokenStem, type EnvelopeSkeleton, type StreamedText } from "../normalize/streamed-token.js";
import { stringifyJson } from "../normalize/lossless-json.js";
import { partSeparatorOf, type PartLayout } from "../normalize/parts.js";
import type { ToolResult } from "../payload.js";
import { readJoinedText } from "../lower/source-layout.js";
import { resolveBoundOptions } from "../bound/defaults.js";
import { reducedOverBudget } from "../mcp/structured-bound.js";
import { isReduced } from "../normalize/reduced-json.js";
import { mayBeJsonText } from "./json-text.js";
import { finishProjection, needsFinalNewline, planProjection, projectionOutput, writesStructuredContent, type ProjectOptions, type Projection } from "./project.js";

/**
 * Ends the projection of a streamed result; undefined (nothing written, the session still open) when the result's
 * body is not the streamed texts joined by `separator` in order, so the input must be read the ordinary way.
 */
export function finishStreamedProjection(skeletonResult: ToolResult, streamed: EnvelopeSkeleton, separator: string, session: BoundSession, options: ProjectOptions): Projection | undefined {
  const lengths = withStreamedLengths(skeletonResult, streamed.texts);
  if (lengths === undefined || !reducedServes(lengths.result, options)) return undefined;
  const plan = planProjection(lengths.result, options, lengths.partLines);
  if (plan.view.view !== undefined || plan.formatted !== streamed.texts.map((text) => text.token).join(separator)) return undefined;
  // A text that may be one JSON value is read whole: shown as its JSON view when it does not fit (json-text.ts).
  if (streamed.texts.length === 1 && mayBeJsonText(streamed.texts[0]!, plan.base, session.rawReplay().complete)) return undefined;
  // A token anywhere but in the body would be written as it is: the result carries the text somewhere else too.
  // Structured content is read from the input's own bytes, where no token can stand (its nonce is this process's):
  // it is not written out again just to be searched.
  const { data: _data, error: _error, meta, ...rest } = plan.result;
  const { structured_content: _structured, ...otherMeta } = meta ?? {};
  if (streamed.texts.length > 0 && stringifyJson({ ...rest, meta: otherMeta }).includes(tokenStem(streamed.texts[0]!.token))) return undefined;
  const bytes = streamed.texts.reduce((sum, text) => sum + text.bytes, 0) + Math.max(0, streamed.texts.length - 1) * Buffer.byteLength(separator);
  if (needsFinalNewline(plan, { empty: bytes === 0, endsWithNewline: streamed.lastByte === 0x0a })) session.writeDerivedText(Buffer.from("\n"));
  return finishProjection(plan, session, options);
}

/**
 * False when structured content reduced as it streamed (normalize/reduced-json.ts) cannot stand for the whole: it
 * is the body (the JSON view needs all of it), or the output carries it and its whole may fit its half of the budget.
 */
function reducedServes(result: ToolResult, options: ProjectOptions): boolean {
  if (isReduced(result.data) || isReduced(result.error)) return false;
  const structured = result.meta?.structured_content;
  if (!isReduced(structured) || !writesStructuredContent(projectionOutput(options))) return true;
  return reducedOverBudget(structured, Math.floor(resolveBoundOptions(options).budget.maxBytes / 2));
}

/**
 * The result with each streamed text part's `chars` (its length in UTF-16 units, which lowering uses to split the
 * text back into parts) set from the stream, and the lines of each text part; undefined when the parts do not line up
 * with the streamed texts.
 */
function withStreamedLengths(result: ToolResult, texts: readonly StreamedText[]): { result: ToolResult; partLines?: number[] } | undefined {
  const parts = result.meta?.parts;
  if (texts.length === 0 || !Array.isArray(parts)) return { result };
  const body = readJoinedText(result);
  const separator = partSeparatorOf(result.meta?.source_shape);
  let offset = 0;
  let next = 0;
  // The lines of each text part (lower/mcp-cut.ts): a streamed one's from its newlines, counted as it streamed.
  const partLines: number[] = [];
  const patched = (parts as PartLayout[]).map((part): PartLayout => {
    if (part.type !== "text") return part;
    const text = body.slice(offset, offset + part.chars);
    offset += part.chars + separator.length;
    if (next >= texts.length || text !== texts[next]!.token) {
      partLines.push(text.split("\n").length);
      return part;
    }
    partLines.push(texts[next]!.newlines + 1);
    return { ...part, chars: texts[next++]!.units };
  });
  return next === texts.length ? { result: { ...result, meta: { ...result.meta, parts: patched } }, partLines } : undefined;
}
