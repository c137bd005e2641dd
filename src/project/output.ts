// The last step of every bounding command: the bounded result written as model text, JSON payload or wire JSON.
import { countLines } from "../bound/budget.js";
import type { BoundOptions, BoundText } from "../bound/types.js";
import { lower, type LowerOptions } from "../lower/index.js";
import { lowerToMcp, resourceNoteCount, type McpCallToolResult } from "../lower/mcp.js";
import type { CutLines } from "../lower/mcp-cut.js";
import { encodeLineMap, throughPrior, withoutLineMap } from "../lower/line-map.js";
import { NOT_SAVED, STRUCTURED_CUT_META, structuredCutNote } from "../mcp/structured-note.js";
import { stringifyJson } from "../normalize/lossless-json.js";
import type { Attachment, Provider, ToolResult, ToolResultMeta } from "../payload.js";
import { formatSize } from "../text/magic.js";
import { boundPayload, countLimit, jsonStringBytes, renderModelText, worstCaseMeta, type Frame } from "./model.js";
import type { renderTerminal } from "./terminal.js";

/** How the result is written. */
export interface OutputOptions {
  reader: "model" | "terminal";
  format: "text" | "json";
  to?: Provider;
  lower: LowerOptions;
  color: boolean;
  width: number;
  /** The terminal renderer, loaded only when the terminal projection is asked for (it pulls chalk and string-width). */
  terminal?: typeof renderTerminal;
  /**
   * Structured content that is the data (an MCP result without text), cut in shape to its share of the budget:
   * written as `meta.structured_content` when the data is cut to text (see boundPayload), with the paths cut.
   */
  structuredBeside?: { value: Record<string, unknown>; paths: string[] };
  /** The byte budget, which sizes the note that says a cut structuredContent (`--to mcp`; structured-note.ts). */
  budgetBytes?: number;
  /**
   * `--to mcp` of an MCP result: the lines of each of its text parts, so that a cut text goes back into the blocks
   * it came from (src/lower/mcp-cut.ts); undefined when the body is not the parts joined.
   */
  textPartLines?: number[];
  /**
   * A payload whose text was cut before (its meta's line_map, lower/line-map.ts): the input line of the source that
   * each line of its text shows (0 for correx's own), through which this bounding's line sources are read.
   */
  priorLineSources?: number[];
}

/** The written output and the lossy steps taken on the way (warnings for stderr). */
export interface Output {
  text: string;
  warnings: string[];
}

const ENVELOPE_SLACK = 16;

const withoutAttachmentData = (attachments: Attachment[] | undefined): Attachment[] | undefined =>
  attachments?.map((attachment) => ({ ...attachment, ...(attachment.data !== undefined ? { data: "" } : {}) }));

function wireText(result: ToolResult, options: OutputOptions, cut?: CutLines): Output {
  if (options.to) {
    const lowered = options.to === "mcp" ? lowerToMcp(result, options.lower, cut) : lower(result, options.to, options.lower);
    const payload = options.to === "mcp" ? withStructuredCutNote(lowered.payload as McpCallToolResult, result.meta, options.budgetBytes) : lowered.payload;
    return { text: `${stringifyJson(payload)}\n`, warnings: lowered.warnings };
  }
  return { text: `${stringifyJson(result)}\n`, warnings: [] };
}

/**
 * A CallToolResult whose structuredContent was cut says so where a client and a model read it, as `correx proxy`
 * says it (src/mcp/structured-note.ts): a last text block naming the paths cut and where the whole result is, and
 * `_meta["correx/structuredContentCut"] = { paths, id }`. The whole result is the input as read (`output_path`, as
 * the marker names it): `correx read ID` pages the text view, which holds the text alone. The written-output check
 * measures both.
 */
function withStructuredCutNote(payload: McpCallToolResult, meta: ToolResultMeta | undefined, maxBytes: number | undefined): McpCallToolResult {
  const paths = cutPathsOf(meta);
  if (paths === undefined) return payload;
  const id = typeof meta?.output_id === "string" ? meta.output_id : undefined;
  const note = structuredNoteOf(meta, maxBytes);
  const kept = (payload as { _meta?: unknown })._meta;
  const cutMeta = { [STRUCTURED_CUT_META]: { paths, ...(id === undefined ? {} : { id }) } };
  return {
    ...payload,
    content: note === undefined ? payload.content : [...payload.content, note],
    _meta: { ...(kept !== null && typeof kept === "object" && !Array.isArray(kept) ? kept : {}), ...cutMeta },
  } as McpCallToolResult;
}

/** The paths a cut structuredContent was cut at, as its meta says them; undefined when it was not cut. */
function cutPathsOf(meta: ToolResultMeta | undefined): string[] | undefined {
  const paths = meta?.structured_content_cut === true ? meta.structured_content_cut_paths : undefined;
  return Array.isArray(paths) && paths.length > 0 && paths.every((path) => typeof path === "string") ? (paths as string[]) : undefined;
}

/** The note block `--to mcp` writes last for a cut structuredContent (undefined: none, or none fits its room). */
function structuredNoteOf(meta: ToolResultMeta | undefined, maxBytes: number | undefined): { type: "text"; text: string } | undefined {
  const paths = cutPathsOf(meta);
  if (paths === undefined || maxBytes === undefined) return undefined;
  const where = typeof meta?.output_path === "string" ? `full result as read: ${meta.output_path}` : NOT_SAVED;
  return structuredCutNote(paths, where, maxBytes);
}

/**
 * Lines a text projection adds after the body: normalization notes (what correx changed or could not do) and one
 * line per attachment, which text cannot carry — said, never dropped silently.
 */
export function describeSideNotes(result: ToolResult): string[] {
  const notes = Array.isArray(result.meta?.notes) ? (result.meta.notes as unknown[]).map((note) => `[note: ${String(note)}]`) : [];
  const attachments = (result.attachments ?? []).map((attachment) => {
    const name = attachment.name ? ` "${attachment.name}"` : "";
    const where = attachment.uri ? ` at ${attachment.uri}` : "";
    return `[attachment${name}: ${attachment.mime}, ${formatSize(attachment.size)}${where}; not shown as text: use --format json or --to PROVIDER]`;
  });
  return [...notes, ...attachments];
}

/** Reshapes a bounded text before it is written (e.g. the bash format's `(no output)`). */
export type ShapeBound = (bound: BoundText) => BoundText;

/**
 * The written output of a bounded result as the budget counts it (attachment payloads left out): the bounder
 * checks every limit on it, so frames, envelopes, escaping and the terminal's status line all count.
 */
export function writtenRenderer(base: ToolResult, frame: Frame, options: OutputOptions, shape?: ShapeBound): (bound: BoundText) => string {
  const measured = base.attachments ? { ...base, attachments: withoutAttachmentData(base.attachments) } : base;
  return (bound) => renderOutput(measured, shape ? shape(bound) : bound, frame, options).text;
}

/**
 * The bytes reserved for the terminal's status line: two a column and 32, as at most the longest a status line gets
 * (`✗ exit N · SIZE, N lines · N lines omitted`, coloured, within 192 bytes, as an 80-column terminal reserves) and
 * the full output's path after it (the store's folder and an id's 64 bytes; 256 when the folder is not known). A
 * terminal 4,096 columns wide reserved the whole 8 KiB budget, and its projection showed no line at all.
 */
function statusBytes(width: number, spillDir: string | undefined): number {
  const path = spillDir === undefined ? 256 : Buffer.byteLength(spillDir) + 64;
  return Math.min(2 * width + 32, 192 + path);
}

/**
 * The lines a frame adds to a body as it is written around it (`${header}${body}${footer}`): the footer's first
 * newline ends the body's last line (a body's trailing newlines are dropped: tools/bash.ts), so "\n\nCommand exited
 * with code 0." adds two lines, not three; counted as three, `run --max-lines 20` showed 19. A body that does end
 * with a newline is found over by one line when written, and its cut takes one line less (room-search.ts).
 */
function frameLines(frame: Frame): number {
  return countLines(`${frame.header}x${frame.footer}`) - 1;
}

/** What the bounder must leave free for the frame and (for JSON output) the envelope, how it measures, and what it checks. */
export function planReservation(base: ToolResult, frame: Frame, options: OutputOptions, spillDir: string | undefined, shape?: ShapeBound): Pick<BoundOptions, "reservedBytes" | "reservedLines" | "measure" | "render" | "linesOnBody" | "linesBeside" | "reserveLess"> {
  const frameText = `${frame.header}${frame.footer}`;
  const render = writtenRenderer(base, frame, options, shape);
  if (options.format === "text" && !options.to) {
    const notes = describeSideNotes(base).join("\n");
    const extra = notes === "" ? 0 : Buffer.byteLength(notes) + 2;
    const footerNewline = frame.footer === "" ? 0 : 1;
    // The terminal adds its status line: one line, about the width in columns (checked on the written text).
    const status = options.reader === "terminal" ? { bytes: statusBytes(options.width, spillDir), lines: 1 } : { bytes: 0, lines: 0 };
    return {
      reservedBytes: Buffer.byteLength(frameText) + extra + footerNewline + status.bytes,
      reservedLines: frameLines(frame) + countLines(notes) + status.lines, render,
    };
  }
  /** The envelope's bytes with every count in its meta at most `big`. */
  const envelopeBytes = (big: number): number => {
    const placeholder: ToolResult = {
      ...base, data: base.ok || base.data !== undefined ? frameText : undefined, meta: worstCaseMeta(base, spillDir, big),
      attachments: withoutAttachmentData(base.attachments),
    };
    if (!base.ok && base.data === undefined) placeholder.error = frameText;
    if (options.structuredBeside !== undefined) placeholder.meta = besideCutData(placeholder.meta!, options.structuredBeside);
    // A cut MCP result's payload says where its lines come from (withLineMap): a head and a tail run at their largest.
    if (options.format === "json" && options.to === undefined && options.textPartLines !== undefined) {
      placeholder.meta = { ...placeholder.meta, part_lines: options.textPartLines, line_map: [[big, big, big], [big, big, big]] };
    }
    return Buffer.byteLength(wireText(placeholder, { ...options, lower: { ...options.lower } }).text);
  };
  const worst = envelopeBytes(Number.MAX_SAFE_INTEGER);
  // Once the input's totals are known, the counts are reserved at their true width (countLimit), not 16 digits.
  const reserveLess = (totals: { bytes: number; lines: number }, maxBytes: number): number => worst - envelopeBytes(countLimit(totals, maxBytes));
  const plan = { reservedBytes: worst + ENVELOPE_SLACK, reservedLines: 0, measure: jsonStringBytes, render, linesOnBody: true, reserveLess };
  // `--to mcp` of an MCP result: an embedded resource none of whose lines is shown keeps a one-line note (lower/mcp-cut.ts).
  // Its note that structuredContent was cut is a text block too, a line the body does not hold (structuredNoteLines).
  if (options.to !== "mcp") return plan;
  const linesBeside = (bound: BoundText): number => {
    const shaped = shape ? shape(bound) : bound;
    return resourceNotesBeside(base, frame, shaped, options) + structuredNoteLines(base, frame, shaped, options);
  };
  return { ...plan, linesBeside };
}

/** The lines of the note `--to mcp` writes last when structuredContent was cut (withStructuredCutNote), as renderOutput writes it. */
function structuredNoteLines(base: ToolResult, frame: Frame, bound: BoundText, options: OutputOptions): number {
  const payload = boundPayload(base, renderModelText(frame, bound), bound);
  const meta = options.structuredBeside !== undefined && payload.data !== base.data ? besideCutData(payload.meta!, options.structuredBeside) : payload.meta;
  const note = structuredNoteOf(meta, options.budgetBytes);
  return note === undefined ? 0 : countLines(note.text);
}

/** The notes the MCP lowering writes beside a cut text for the resources none of whose lines is shown. */
function resourceNotesBeside(base: ToolResult, frame: Frame, bound: BoundText, options: OutputOptions): number {
  const cut = mcpCutOf(bound, renderModelText(frame, bound), options);
  return cut === undefined ? 0 : resourceNoteCount(base, cut);
}

/** An MCP result's cut text and where its lines come from, when it is written as it was bounded (lower/mcp-cut.ts). */
function mcpCutOf(bound: BoundText, body: string, options: OutputOptions): CutLines | undefined {
  return options.to === "mcp" && body === bound.text ? { text: bound.text, lineSources: sourceLines(bound, options), partLines: options.textPartLines } : undefined;
}

/** The input line of the source each line of a bounded text shows (through a cut made before: priorLineSources). */
function sourceLines(bound: BoundText, options: OutputOptions): number[] | undefined {
  if (bound.lineSources === undefined || options.priorLineSources === undefined) return bound.lineSources;
  return throughPrior(bound.lineSources, options.priorLineSources);
}

/**
 * The unified payload of a cut MCP result says where its text's lines come from (part_lines, line_map:
 * lower/line-map.ts), so that `lower --to mcp` puts them back into the blocks; a cut that cannot say it drops a
 * map a cut before it wrote (it would be stale). A text that was not cut keeps its meta as it was.
 */
function withLineMap(payload: ToolResult, bound: BoundText, body: string, options: OutputOptions): ToolResult {
  if (options.to !== undefined || options.textPartLines === undefined || !bound.truncated || payload.meta === undefined) return payload;
  const lineSources = body === bound.text ? sourceLines(bound, options) : undefined;
  if (lineSources === undefined) return { ...payload, meta: withoutLineMap(payload.meta) };
  return { ...payload, meta: { ...payload.meta, part_lines: options.textPartLines, line_map: encodeLineMap(lineSources) } };
}

/**
 * A JSON object that carries the written text as one of its string fields: `wrap(text)` writes it, its other fields
 * at their largest (the MCP tools' structuredContent, which repeats the text for clients that give the model only
 * that object, serialized: Codex CLI, Claude Code).
 */
export interface JsonField {
  wrap(text: string): string;
}

/**
 * A text plan (planReservation's for text) for a text also written inside a JSON object (JsonField): the body is
 * measured escaped, the object's other fields reserved, and every limit checked on the object, the larger of the two
 * (escaping only adds), so both hold. Lines stay counted on the text.
 */
export function alsoAsJsonField(plan: ReturnType<typeof planReservation>, field: JsonField): ReturnType<typeof planReservation> {
  const render = plan.render!;
  return {
    reservedBytes: (plan.reservedBytes ?? 0) + Buffer.byteLength(field.wrap("")),
    reservedLines: plan.reservedLines ?? 0,
    measure: jsonStringBytes,
    render: (bound) => field.wrap(render(bound)),
    linesOnBody: true,
  };
}

/** The meta of a result whose data (which was its structured content) became text: the structured content beside it. */
function besideCutData(meta: ToolResultMeta, structured: NonNullable<OutputOptions["structuredBeside"]>): ToolResultMeta {
  const { structured_content_is_data: _isData, ...rest } = meta;
  return { ...rest, structured_content: structured.value, structured_content_cut: true, structured_content_cut_paths: structured.paths };
}

/** Writes a bounded result the way the options ask. */
export function renderOutput(base: ToolResult, bound: BoundText, frame: Frame, options: OutputOptions): Output {
  if (options.format === "text" && !options.to) {
    if (options.reader === "terminal") {
      if (!options.terminal) throw new Error("renderOutput: the terminal projection needs options.terminal (project/terminal.ts)");
      const spill = bound.spill?.kind === "saved" ? { outputPath: bound.spill.textPath ?? bound.spill.path } : {};
      const status = typeof base.meta?.exit_code === "number" ? { status: `exit ${base.meta.exit_code}` } : {};
      const text = options.terminal({ bound, header: frame.header, footer: frame.footer, ok: base.ok, ...spill, ...status }, { color: options.color, width: options.width });
      return { text: text.endsWith("\n") ? text : `${text}\n`, warnings: [] };
    }
    const notes = describeSideNotes(base);
    const framed = renderModelText(frame, bound);
    // A footer ends the text with a sentence: give it its newline, so a prompt or the next output starts below.
    const text = frame.footer !== "" && !framed.endsWith("\n") ? `${framed}\n` : framed;
    const warnings = notes.filter((note) => note.startsWith("[attachment")).map((note) => `${note.slice(1, -1)} (the text projection carries no media)`);
    return { text: notes.length > 0 ? `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${notes.join("\n")}\n` : text, warnings };
  }
  const body = options.to ? renderModelText(frame, bound) : bound.text;
  const payload = boundPayload(base, body, bound);
  // Structured content that was the data stays structured content (an object) when the data became cut text.
  if (options.structuredBeside !== undefined && payload.data !== base.data) payload.meta = besideCutData(payload.meta!, options.structuredBeside);
  // An MCP result's text goes back into its blocks (lower/mcp-cut.ts) when nothing was written around it.
  return wireText(withLineMap(payload, bound, body, options), options, mcpCutOf(bound, body, options));
}
