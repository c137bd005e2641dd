// Bounds one MCP CallToolResult for `correx proxy`: a result that fits passes through as it was written; a larger
// one gets its text bounded with the marker (the whole response spilled), its structuredContent cut in shape.
import { BoundSession, type SpillTarget } from "../bound/session.js";
import type { BoundOptions } from "../bound/types.js";
import { normalizeValue } from "../normalize/index.js";
import { parseJsonKeepingNumbers, stringifyJson } from "../normalize/lossless-json.js";
import { BudgetTooSmallError } from "../errors.js";
import { isRecord } from "../payload.js";
import { projectResult, type ProjectOptions, type Projection } from "../project/project.js";
import type { ToolResult } from "../payload.js";
import { blankMedia, capMedia, namingSaved, readMediaData, type Block } from "./media-blocks.js";
import { createId } from "../spill/ids.js";
import { CutString } from "../normalize/reduced-json.js";
import { fitsIn } from "./structured-bound.js";
import type { CheckStructured } from "./output-schemas.js";
import { boundStructuredChecked, keptSaid } from "./structured-schema.js";
import { structuredFits as structuredWithin, structuredTokenLimit, structuredTokens, type StructuredTokens } from "./structured-tokens.js";
import { metaRoom, noteReservation, STRUCTURED_CUT_META, structuredCutBlock, structuredCutMeta } from "./structured-note.js";
import { estimateTokens, type TokenCounter } from "../bound/budget.js";
import type { Budget } from "../bound/types.js";
import { steadyTokenCounter } from "../bound/written.js";

/** The budget, the store, and the cap on media blocks. */
export interface ResultBoundOptions {
  bound: BoundOptions;
  spill?: SpillTarget;
  spillFailure?: string;
  /** Image, audio and blob blocks whose decoded size is over this are replaced by a note (undefined: never). */
  maxMediaBytes?: number;
  /** The name the proxy gives read_output, for the notes left in cut structured content. */
  readToolName: string;
  /** A result with `isError: true` is bounded to this many bytes when fewer than the budget's (`client-limits.ts`). */
  errorMaxBytes?: number;
  /** The called tool's outputSchema, which a cut structuredContent must still match (output-schemas.ts). */
  checkStructured?: CheckStructured;
  /** The id to save the whole answer under, when a note in the result names it already (oversized-call.ts). */
  savedAs?: string;
}

/** The options with a result's own byte budget: `errorMaxBytes` for an error result, when it is the smaller. */
export function optionsForResult<T extends Omit<ResultBoundOptions, "readToolName">>(result: Record<string, unknown>, options: T): T {
  const cap = options.errorMaxBytes;
  if (result.isError !== true || cap === undefined || cap >= options.bound.budget.maxBytes) return options;
  return { ...options, bound: { ...options.bound, budget: { ...options.bound.budget, maxBytes: cap } } };
}

/** What bounding did to a result. */
export interface BoundResult {
  /** The result to send; undefined when the original passes through untouched. */
  result?: Record<string, unknown>;
  /** The id of the spilled whole response, when something was cut. */
  outputId?: string;
  warnings: string[];
}

export { readMediaData, type Block } from "./media-blocks.js";

/** Bounds a CallToolResult; `raw` is the whole response frame as the server wrote it (what is spilled). */
export function boundCallToolResult(result: Record<string, unknown>, raw: Uint8Array, given: ResultBoundOptions): BoundResult {
  if (!Array.isArray(result.content)) return withoutContent(result, raw, given);
  const chosen = optionsForResult(result, given);
  // a note in the place of media left out names the saved answer: its id is chosen first and the answer saved under it,
  // so that the saved copy's text view (which holds the note) names it too, and the budget counts the id sent
  const savedAs = chosen.spill === undefined ? undefined : (chosen.savedAs ?? (chosen.maxMediaBytes === undefined ? undefined : createId()));
  const options = savedAs === undefined ? chosen : { ...chosen, savedAs, spill: { ...chosen.spill!, id: savedAs } };
  const naming = savedAs === undefined ? NOT_SAVED : `the full result is saved: ${options.readToolName} id=${savedAs}`;
  const { content: capped, dropped } = capMedia(result.content as Block[], options.maxMediaBytes, naming);
  const mediaCut = dropped.size > 0;
  const media = new Set(capped.map(readMediaData).filter((data): data is string => data !== undefined));
  const { structuredContent, ...rest } = result;
  const textPart = { ...rest, content: capped };
  const budget = options.bound.budget;
  const structuredFits = structuredContent === undefined || structuredWithin(structuredContent, { media, maxBytes: budget.maxBytes }, structuredTokenLimit(budget.maxTokens, options.bound.countTokens));
  if (!mediaCut && structuredFits && fitsBudget(textPart, options.bound)) return { warnings: [] };

  // An error result's own budget is given at the finish, as a streamed one's must be (streamed-result.ts): both alike.
  const opening = chosen === given ? {} : { openingBudget: given.bound.budget };
  const projected = projectLeavingRoom(normalizeValue(textPart, "mcp"), {
    ...options.bound, to: "mcp", input: raw, ...(options.spill ? { spill: options.spill } : {}), ...(options.spillFailure ? { spillFailure: options.spillFailure } : {}), ...opening,
  }, structuredFits ? undefined : noteReservation(budget.maxBytes));
  let outputId = projected.bound.spill?.kind === "saved" ? projected.bound.spill.id : undefined;
  if (mediaCut && outputId === undefined) outputId = spillWhole(raw, capped.map(readBlockText).filter((item) => item !== undefined).join("\n"), options);
  if (structuredContent !== undefined && !structuredFits && outputId === undefined) outputId = spillWhole(raw, stringifyJson(structuredContent, 2), options);
  const texts = capped.filter(isTextBlock).map((block) => ({ units: block.text.length, text: block.text }));
  const outcome = assembleBounded(projected, outputId, { rest, structuredContent, media, dropped, texts, noteRoom: projected.noteRoom }, { budget, ...(options.bound.countTokens ? { countTokens: options.bound.countTokens } : {}), readToolName: options.readToolName, ...(options.checkStructured ? { checkStructured: options.checkStructured } : {}) });
  if (!mediaCut || outcome.result === undefined || outputId === savedAs) return outcome;
  return { ...outcome, result: namingSaved(outcome.result, naming, NOT_SAVED) }; // fewer characters: the budget holds
}

const NOT_SAVED = "the full result was not saved";

/**
 * A result without content: with a structuredContent, a CallToolResult all the same (the SDK's schema gives it
 * `content: []`), bounded so and sent on without `content`, as it came; anything else (a task, an extension) as it is.
 * The structuredContent may be any JSON value (MCP 2026-07-28; before, one that was not an object passed whole).
 */
function withoutContent(result: Record<string, unknown>, raw: Uint8Array, given: ResultBoundOptions): BoundResult {
  if (result.structuredContent === undefined || result.structuredContent === null) return { warnings: [] };
  const outcome = boundCallToolResult({ ...result, content: [] }, raw, given);
  if (outcome.result === undefined) return outcome;
  const { content: _added, ...bounded } = outcome.result;
  return { ...outcome, result: bounded };
}

/**
 * projectResult, with `beside` (the note that structuredContent was cut) kept free at the session's finish, as the
 * streamed path keeps it (streamed-result.ts), so that both cut the text alike.
 */
function projectLeavingRoom(result: ToolResult, options: ProjectOptions, beside: BoundSession["reservedBeside"]): Projection & { noteRoom: boolean } {
  if (beside !== undefined) {
    // A budget too small to leave the room is bounded without it (and without the note), as before.
    try {
      return { ...projectResult(result, options, beside), noteRoom: true };
    } catch (error) {
      if (!(error instanceof BudgetTooSmallError)) throw error;
    }
  }
  return { ...projectResult(result, options), noteRoom: false };
}

/** What a bounded result is made of besides its projection: the source's other keys, and its structured content. */
export interface ResultParts {
  rest: Record<string, unknown>;
  structuredContent: unknown;
  /** The media data kept in the content, and the data left out by --max-media. */
  media: Set<string>;
  dropped: Set<string>;
  /** The source's text blocks, in order: their length in UTF-16 units, and their text when it is at hand. */
  texts: TextSource[];
  /** The text's bounding left room for the note that structuredContent was cut (else no note is added to the content). */
  noteRoom: boolean;
}

/** A text block of the source, as far as it is known (a streamed one by its length). */
export interface TextSource {
  units: number;
  text?: string;
}

/**
 * The answer sent for a bounded result: the projection's JSON, the structured content cut in shape with a note
 * saying where the whole is, and the source's keys the lowering does not write (e.g. `_meta`) as they were. A cut
 * structuredContent is said in a text block at the end of the content and in `_meta` (structured-note.ts).
 */
export function assembleBounded(
  projected: { text: string; warnings: string[] },
  outputId: string | undefined,
  parts: ResultParts,
  options: AssembleOptions,
): BoundResult {
  const bounded = parseJsonKeepingNumbers(projected.text) as Record<string, unknown>;
  const extras = keepExtras(parts.rest, bounded);
  let warnings = projected.warnings;
  if (parts.structuredContent !== undefined) {
    const where = outputId ? `full result: ${options.readToolName} id=${outputId}` : "the full result was not saved";
    const repeated = repeatedText(parts.texts, Array.isArray(bounded.content) ? (bounded.content as Block[]).filter(isTextBlock) : []);
    // Held on its own to the whole budget (a client may show the model only structuredContent), tokens with the costliest id.
    const countTokens = steadyTokenCounter(savedAs(outputId), options.countTokens ?? estimateTokens);
    const tokens = structuredTokenLimit(options.budget.maxTokens, countTokens);
    const cut = boundStructuredChecked(parts.structuredContent, { maxBytes: options.budget.maxBytes, where, media: parts.media, dropped: parts.dropped, repeated }, tokens, options.checkStructured);
    // what the tool's outputSchema needs kept is kept, over the budget if need be: else the client rejects the call
    if (cut.kept !== undefined) warnings = [...warnings, keptSaid(cut.kept)];
    if (tokens !== undefined && cut.kept === undefined) refuseOverTokens(cut.value, parts.media, tokens);
    if (cut.cut && cut.paths.length > 0) {
      const note = parts.noteRoom && Array.isArray(bounded.content) ? structuredCutBlock(cut.paths, outputId, options.readToolName, options.budget.maxBytes) : undefined;
      const said = withCutSaid({ ...bounded, ...extras }, note, structuredCutMeta(cut.paths, outputId, metaRoom(options.budget.maxBytes)), outputId, options);
      return { result: { ...said, structuredContent: cut.value }, ...(outputId ? { outputId } : {}), warnings };
    }
    bounded.structuredContent = cut.value;
  }
  return { result: { ...bounded, ...extras }, ...(outputId ? { outputId } : {}), warnings };
}

/**
 * The result (without its structuredContent) with the note block last in its content and the `_meta` key, measured
 * as written, as the text's bounding measured the rest (its JSON and a newline, media data left out, tokens with
 * the costliest id): the note's line and its room were kept (noteReservation), so they fit; should the tokens of the
 * whole still go over, the note is left out, then the key's paths, then the key, until it fits.
 */
function withCutSaid(result: Record<string, unknown>, note: Block | undefined, meta: { paths: string[]; id?: string } | undefined, outputId: string | undefined, options: AssembleOptions): Record<string, unknown> {
  const { budget } = options;
  const countTokens = steadyTokenCounter(savedAs(outputId), options.countTokens ?? estimateTokens);
  const content = result.content as Block[];
  const kept = isRecord(result._meta) ? result._meta : undefined;
  const build = (withNote: boolean, metaValue: typeof meta): Record<string, unknown> => ({
    ...result,
    ...(withNote && note ? { content: [...content, note] } : {}),
    ...(metaValue ? { _meta: { ...kept, [STRUCTURED_CUT_META]: metaValue } } : {}),
  });
  const fits = (candidate: Record<string, unknown>): boolean => {
    const written = `${stringifyJson({ ...candidate, content: (candidate.content as Block[]).map(blankMedia) })}\n`;
    if (Buffer.byteLength(written) > budget.maxBytes) return false;
    return budget.maxTokens === undefined || countTokens(written) <= budget.maxTokens;
  };
  const metas = meta === undefined ? [undefined] : [...Array.from({ length: meta.paths.length + 1 }, (_, index) => ({ ...meta, paths: meta.paths.slice(0, meta.paths.length - index) })), undefined];
  for (const withNote of note ? [true, false] : [false]) {
    for (const metaValue of metas) {
      const candidate = build(withNote, metaValue);
      if (fits(candidate)) return candidate;
    }
  }
  return result;
}

/**
 * A structuredContent cut as far as boundStructured cuts it (keys, numbers and strings of at most 80 characters are kept)
 * that is still over the tokens is refused, as the text's marker is when it cannot fit: the proxy answers a tool
 * error naming the smallest --max-tokens that works, rather than break the budget. (Over the bytes it is written as
 * it was before, for the byte budget's behaviour to stay as it was.)
 */
function refuseOverTokens(value: unknown, media: ReadonlySet<string>, tokens: StructuredTokens): void {
  const count = structuredTokens(value, media, tokens.countTokens);
  if (count > tokens.maxTokens) throw new BudgetTooSmallError({ maxTokens: count }, { maxTokens: tokens.maxTokens }, " (its structuredContent, cut as far as it can be)");
}

/** The spill report of a saved output, as steadyTokenCounter reads it (only its id counts). */
function savedAs(outputId: string | undefined): Parameters<typeof steadyTokenCounter>[0] {
  return outputId === undefined ? undefined : { kind: "saved", id: outputId, path: "" };
}

/** The budget the result is held to, its token counter, and the name of the proxy's read_output. */
export interface AssembleOptions {
  budget: Budget;
  countTokens?: TokenCounter;
  readToolName: string;
  checkStructured?: CheckStructured;
}

/**
 * Finds the bounded text of the block a structuredContent string repeats: the source block of the same length
 * whose text it is (a streamed block's text is not at hand: its bounded text's first line must start the string).
 * The source and bounded text blocks are matched by position, only when they are as many; with several, a block
 * wholly cut and one of correx's own lines could stand in each other's place (lower/mcp-cut.ts), so the bounded
 * block's first line must also be found in the source's text.
 */
function repeatedText(sources: readonly TextSource[], bounded: readonly { text: string }[]): (value: string | CutString) => string | undefined {
  if (sources.length !== bounded.length) return () => undefined;
  const firstLineOf = (text: string): string => text.slice(0, Math.min(text.length, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n") + 1, 256));
  return (value) => {
    const head = value instanceof CutString ? value.head : value;
    const index = sources.findIndex((source, at) => {
      if (source.units !== value.length) return false;
      if (source.text !== undefined) return typeof value === "string" && value === source.text && (sources.length === 1 || source.text.includes(firstLineOf(bounded[at]!.text).replace(/\n$/, "")));
      const firstLine = firstLineOf(bounded[at]!.text);
      return firstLine !== "" && head.startsWith(firstLine);
    });
    const text = index === -1 ? undefined : bounded[index]!.text;
    return text !== undefined && text.length < value.length ? text : undefined;
  };
}

function isTextBlock(block: Block): block is Block & { type: "text"; text: string } {
  return block.type === "text" && typeof block.text === "string";
}

/**
 * True when the result's JSON (media data excepted) fits the bytes and the tokens, as a bounded result's is counted
 * (its JSON and a newline), and its text (the blocks joined by "\n") the lines; a result far over the budget is found
 * so without being written out or joined whole. (The tokens were once guessed as the text's bytes / 4, which let a
 * dense text, JSON or digits, through at up to three times the tokens asked.)
 */
function fitsBudget(result: { content: Block[] }, options: BoundOptions): boolean {
  const withoutData = { ...result, content: result.content.map(blankMedia) };
  if (!fitsIn(withoutData, { media: new Set(), maxBytes: options.budget.maxBytes })) return false;
  const texts = result.content.map(readBlockText).filter((item) => item !== undefined);
  let lines = texts.length === 0 ? 1 : texts.length;
  for (const text of texts) {
    for (let index = text.indexOf("\n"); index !== -1 && lines <= options.budget.maxLines; index = text.indexOf("\n", index + 1)) lines += 1;
  }
  if (lines > options.budget.maxLines) return false;
  return options.budget.maxTokens === undefined || (options.countTokens ?? estimateTokens)(`${stringifyJson(withoutData)}\n`) <= options.budget.maxTokens;
}

function readBlockText(block: Block): string | undefined {
  if (block.type === "text" && typeof block.text === "string") return block.text;
  if (block.type === "resource" && isRecord(block.resource) && typeof block.resource.text === "string") return block.resource.text;
  return undefined;
}

/** Saves the whole response with a text view (for read_output and grep_output) when only structured content was cut. */
export function spillWhole(raw: Uint8Array, textView: string, options: ResultBoundOptions): string | undefined {
  if (!options.spill) return undefined;
  const target = options.savedAs === undefined ? options.spill : { ...options.spill, id: options.savedAs };
  // Nothing of this bounding is written: measured as "" once cut, as over budget whole, it always cuts and saves.
  const render = (bound: { truncated: boolean }): string => (bound.truncated ? "" : "whole");
  const session = new BoundSession({ ...options.bound, budget: { maxLines: 1, maxBytes: 1 }, render }, target, options.spillFailure);
  session.writeDerived(Buffer.from(raw), textView);
  const finished = session.finish({ source_shape: "mcp" });
  return finished.spill?.kind === "saved" ? finished.spill.id : undefined;
}

/** Keys of the source result that the lowering does not write (e.g. `_meta`), kept as they were. */
function keepExtras(source: Record<string, unknown>, bounded: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([key]) => key !== "content" && !(key in bounded)));
}
