// Builds the written projection from a collected window: pass through when it fits, else head + marker + tail.
import { prefixEnd, utf8Bytes } from "../text/utf8.js";
import type { SpillRecord } from "../spill/store.js";
import { countLines, estimateTokens, fitsBudget, measureCost } from "./budget.js";
import { formatMarker, withReadPage, worstCaseMarker } from "./marker.js";
import { omissionOf, ownLines, shownRanges } from "./omission.js";
import { CUT_MIN_BYTES, withoutOptimizing } from "./one-off.js";
import { cutWithSalience } from "./salience/compose-salient.js";
import { foldWindow, openBiggestFold } from "./salience/fold-window.js";
import { forgetScores } from "./salience/line-scores.js";
import { boundOpencode, joinWindow, opencodeFits, opencodeMarker } from "./opencode-style.js";
import { bytesForTokens, searchRoom } from "./room-search.js";
import { overrunOf, requireWithinBudget, steadyTokenCounter, withinBudget } from "./written.js";
import { selectLines, type Room, type Selection } from "./select.js";
import type { CollectedWindow } from "./stream.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";
import type { PlainJsonView } from "./plain-json.js";
import { composeView, type ViewSource } from "./view-compose.js";

/** Facts the caller adds to a spill record (what ran, how it ended). */
export type RecordFields = Partial<Pick<SpillRecord, "command" | "label" | "parent_command" | "tool" | "exit_code" | "signal" | "source_shape" | "settings" | "interrupted" | "output_held_ms">>;

const MARKER_SLACK = 8;
const MAX_ATTEMPTS = 40;
/** How far past a token budget's first room the fold of a partial window reaches (fold-window.ts). */
const TOKEN_REACH = 1.25;

function reservedOf(options: BoundOptions): { bytes: number; lines: number; tokens: number } {
  return { bytes: options.reservedBytes ?? 0, lines: options.reservedLines ?? 0, tokens: options.reservedTokens ?? 0 };
}

function whole(window: CollectedWindow, text: string, rawBytes: number): BoundText {
  return {
    head: text, tail: "", text, truncated: false, totalBytes: rawBytes, totalLines: window.totalLines,
    omittedBytes: 0, omittedLines: 0, shown: window.totalLines > 0 ? [{ from_line: 1, to_line: window.totalLines }] : [],
    ...(window.complete ? { lineSources: window.first.map((line) => line.from) } : {}),
  };
}

function buildCut(selection: Selection, window: CollectedWindow, spill: SpillReport, rawBytes: number): BoundText {
  const omission = omissionOf(selection, window, rawBytes);
  const marker = formatMarker(omission, spill);
  const head = selection.head.map((line) => line.text).join("\n");
  const tail = selection.tail.map((line) => line.text).join("\n");
  const parts = [...(selection.head.length > 0 ? [head] : []), marker, ...(selection.tail.length > 0 ? [tail] : [])];
  const text = parts.join("\n") + (window.endsWithNewline ? "\n" : "");
  const shown = shownRanges(selection.head, [], selection.tail, window.totalLines);
  const lineSources = [...selection.head.map((line) => line.from), ...ownLines(marker), ...selection.tail.map((line) => line.from)];
  return {
    head: selection.head.length > 0 ? `${head}\n` : "", marker, tail: selection.tail.length > 0 ? `\n${tail}${window.endsWithNewline ? "\n" : ""}` : window.endsWithNewline ? "\n" : "",
    text, truncated: true, totalBytes: rawBytes, totalLines: window.totalLines, omittedBytes: omission.omittedBytes,
    omittedLines: omission.wholeLines, shown, nextOffset: omission.fromLine, spill, lineSources,
  };
}

/** The longest prefix of a text (whole lines first, then whole characters) that fits the budget. */
export function cutToBudget(text: string, options: BoundOptions): string {
  const measure = options.measure ?? utf8Bytes;
  const countTokens = options.countTokens ?? estimateTokens;
  const reserved = reservedOf(options);
  const lines = text.split("\n").slice(0, Math.max(0, options.budget.maxLines - reserved.lines)).join("\n");
  const cut = lines.slice(0, prefixEnd(lines, options.budget.maxBytes - reserved.bytes, measure));
  const fits = (bytes: number): boolean => fitsBudget(measureCost(cut.slice(0, prefixEnd(cut, bytes, measure)), options.budget, measure, countTokens), options.budget, reserved);
  // The longest fitting prefix, searched by halving (a prefix of a fitting text fits).
  let fitting = 0;
  let failing = measure(cut) + 1;
  if (fits(failing - 1)) return cut;
  failing -= 1;
  while (failing - fitting > 1) {
    const middle = Math.floor((fitting + failing) / 2);
    if (fits(middle)) fitting = middle;
    else failing = middle;
  }
  return cut.slice(0, prefixEnd(cut, fitting, measure));
}

/**
 * The marker alone (nothing fits beside it); BudgetTooSmallError when even the marker does not fit. Its line sources
 * let a renderer write more around it (the MCP lowering keeps each embedded resource, none of whose lines is shown,
 * with a note: lower/mcp-cut.ts); when that does not fit, the marker is tried without them, as it was written before.
 */
function markerOnly(window: CollectedWindow, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText {
  const omission = omissionOf({ head: [], tail: [] }, window, rawBytes);
  const marker = formatMarker(omission, spill);
  const bound: BoundText = {
    head: "", marker, tail: "", text: marker, truncated: true, totalBytes: rawBytes, totalLines: window.totalLines,
    omittedBytes: omission.omittedBytes, omittedLines: omission.wholeLines, shown: [], nextOffset: 1, spill, lineSources: ownLines(marker),
  };
  return withinBudget(overrunOf(bound, options)) ? bound : requireWithinBudget({ ...bound, lineSources: undefined }, options);
}

/**
 * Cuts a window that does not fit: chooses lines for the room left by the marker, then checks what is written.
 * The room is searched (bound/room-search.ts), so a token budget is filled, not left half empty. It runs once per
 * output, without V8's optimizing compiler from CUT_MIN_BYTES (one-off.ts).
 */
export function cutWindow(window: CollectedWindow, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText {
  return withoutOptimizing(rawBytes, () => {
    try {
      return cutOnce(window, options, spill, rawBytes);
    } finally {
      forgetScores(); // the fold's scores of this window's lines, read by the salient cut (line-scores.ts)
    }
  }, CUT_MIN_BYTES);
}

function cutOnce(window: CollectedWindow, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText {
  const measure = options.measure ?? utf8Bytes;
  const reserved = reservedOf(options);
  const { budget } = options;
  const worst = worstCaseMarker(window.totalLines, rawBytes, spill);
  const ceiling = budget.maxBytes - reserved.bytes - measure(worst) - MARKER_SLACK - 2 * measure("\n");
  const room = { bytes: ceiling, lines: budget.maxLines - reserved.lines - countLines(worst) };
  if (budget.maxTokens !== undefined && ceiling > 0 && room.lines > 0) {
    const countTokens = steadyTokenCounter(spill, options.countTokens ?? estimateTokens);
    room.bytes = bytesForTokens(window, { bytes: ceiling, lines: room.lines }, options.keep, options.headRatio, budget.maxTokens - reserved.tokens - countTokens(worst), measure, countTokens);
  }
  // Near-duplicate folding goes with salience (SPEC §4): the lines shown are chosen from the folded window.
  const folds = window.salience?.contentKind === "log" && options.keep === "both" && options.hygiene.foldRepeats && options.foldSimilar !== false;
  // A token budget's room is a guess the search may grow: the fold reaches a quarter further (up to the ceiling).
  const reach = { bytes: budget.maxTokens === undefined ? ceiling : Math.min(ceiling, Math.ceil(room.bytes * TOKEN_REACH)), lines: room.lines };
  const folded = folds ? foldWindow(window, { bytes: Math.min(room.bytes, ceiling), lines: room.lines }, measure, options.headRatio, reach) : { window };
  const shown = folded.window;
  const planned = folded.headRatio ? cutInsideBiggestRun(shown, folded.headRatio, { bytes: Math.min(room.bytes, ceiling), lines: room.lines }, options, (selection) => buildCut(selection, window, spill, rawBytes)) : undefined;
  if (planned) return planned;
  const salient = window.salience && options.keep === "both" ? cutWithSalience(window, shown, window.salience, options, spill, rawBytes) : undefined;
  // The salient cut is checked like any other on what is written; over, the plain cut below decides.
  if (salient && withinBudget(overrunOf(salient, options))) return salient;
  const cut = searchRoom(room, ceiling, budget.maxTokens, (tried) => {
    const selection = selectLines(shown, tried, options.keep, options.headRatio, measure);
    const built = buildCut(shown === window ? selection : openBiggestFold(selection, shown), window, spill, rawBytes);
    return { built, over: overrunOf(built, options) };
  });
  return cut ?? markerOnly(window, options, spill, rawBytes);
}

/**
 * When all but the biggest run of near-duplicates fits, the cut goes inside that run and every other line is
 * shown (each salient line among them); undefined when that does not fit what is written.
 */
function cutInsideBiggestRun(shown: CollectedWindow, headRatio: (room: Room) => number | undefined, target: Room, options: BoundOptions, build: (selection: Selection) => BoundText): BoundText | undefined {
  const measure = options.measure ?? utf8Bytes;
  const room = { ...target };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const ratio = headRatio(room);
    if (ratio === undefined) return undefined;
    const built = build(openBiggestFold(selectLines(shown, room, options.keep, ratio, measure), shown));
    const over = overrunOf(built, options);
    if (withinBudget(over)) return built;
    room.bytes -= Math.max(over.bytes, over.tokens * 4, 1);
    room.lines -= Math.max(0, over.lines);
  }
  return undefined;
}

/** The bounded text of a window: the whole text when it fits, else a cut with the spill saved and recorded. */
export function composeBound(
  window: CollectedWindow,
  options: BoundOptions,
  rawBytes: number,
  saveSpill: () => SpillReport,
  saveRecord: (projection: string, spill: SpillReport, lines?: number) => SpillReport,
  plainJson?: (spill: SpillReport) => PlainJsonView | undefined,
): BoundText {
  if (options.reserveLess !== undefined && options.reservedBytes !== undefined) {
    const less = Math.max(0, options.reserveLess({ bytes: rawBytes, lines: window.totalLines }, options.budget.maxBytes));
    options = { ...options, reservedBytes: Math.max(0, options.reservedBytes - less), reserveLess: undefined };
  }
  if (options.style === "opencode") {
    if (opencodeFits(window, options.budget)) {
      const candidate = whole(window, joinWindow(window), rawBytes);
      if (withinBudget(overrunOf(candidate, options))) return candidate;
    }
    const spill = saveSpill();
    const cut = cutOpencode(window, options, spill, rawBytes);
    const recorded = saveRecord(cut.text, spill);
    return recorded === spill ? cut : cutOpencode(window, options, recorded, rawBytes);
  }
  // The marker's read command pages at this budget (the page fits where the projection did), its room reserved with it.
  const savePaged = (): SpillReport => withReadPage(saveSpill(), options.budget);
  let kept: SpillReport | undefined;
  if (window.complete) {
    const text = joinWindow(window);
    const candidate = whole(window, text, rawBytes);
    if (withinBudget(overrunOf(candidate, options))) {
      if (!options.keepInput) return candidate;
      // The input kept (a cut structuredContent's whole) writes its id and path too (output_id, output_path): the
      // whole text is checked with them, else it went over by them (50 o200k tokens, 120 bytes) when it fitted close.
      kept = savePaged();
      if (withinBudget(overrunOf({ ...candidate, spill: kept }, options))) return { ...candidate, spill: saveRecord(text, kept) };
    }
  }
  const spill = kept ?? savePaged();
  // A JSON view is checked on what is written like any cut; over, the line cut decides.
  const viewed = (source: ViewSource | undefined, report: SpillReport): BoundText | undefined => {
    const view = source && composeView(source, options, report);
    return view && withinBudget(overrunOf(view, options)) ? view : undefined;
  };
  const plain = options.view === undefined ? plainJson?.(spill) : undefined;
  if (plain) {
    const view = viewed(plain.source, plain.spill);
    const recorded = view && saveRecord(view.text, plain.spill, plain.source.totalLines);
    if (view && recorded === plain.spill) return view;
    plain.discard();
    if (recorded) return viewed(plain.source, recorded) ?? cutWindow(window, options, recorded, rawBytes);
  }
  const source = options.view && { render: options.view, totalLines: window.totalLines, totalBytes: rawBytes };
  const cut = viewed(source, spill) ?? cutWindow(window, options, spill, rawBytes);
  const recorded = saveRecord(cut.text, spill);
  return recorded === spill ? cut : (viewed(source, recorded) ?? cutWindow(window, options, recorded, rawBytes));
}

/**
 * opencode's cut (exact when it fits what is written); when the envelope or frame around it goes over, the same
 * cut for a smaller budget. The marker alone when nothing else fits; BudgetTooSmallError when not even that.
 */
function cutOpencode(window: CollectedWindow, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText {
  const marker = opencodeMarker(spill);
  const asBound = (cut: { head: string; marker: string; tail: string; text: string }): BoundText => ({
    ...whole(window, cut.text, rawBytes), head: cut.head, marker: cut.marker, tail: cut.tail, truncated: true, shown: [], spill, lineSources: undefined,
  });
  if (options.budget.maxTokens !== undefined) {
    const searched = searchOpencode(window, options, spill, (cut) => (cut.marker === marker ? asBound(cut) : undefined));
    if (searched) return searched;
  }
  let budget = options.budget;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const cut = boundOpencode(window, budget, spill);
    if (cut.marker !== marker) break;
    const built = asBound(cut);
    const over = overrunOf(built, options);
    if (withinBudget(over)) return built;
    budget = { ...budget, maxLines: budget.maxLines - Math.max(0, over.lines), maxBytes: budget.maxBytes - Math.max(over.bytes, over.tokens * 4, 1) };
  }
  return requireWithinBudget(asBound({ head: "", marker, tail: "", text: marker }), options);
}

/**
 * opencode's cut under a token budget: its byte room searched (bound/room-search.ts) from the bytes per token of
 * the window's edges, so the tokens are filled rather than halved away. Undefined when no room gives a cut.
 */
function searchOpencode(window: CollectedWindow, options: BoundOptions, spill: SpillReport, asBound: (cut: ReturnType<typeof boundOpencode>) => BoundText | undefined): BoundText | undefined {
  const { budget } = options;
  const countTokens = steadyTokenCounter(spill, options.countTokens ?? estimateTokens);
  const marker = opencodeMarker(spill);
  const tokens = budget.maxTokens! - (options.reservedTokens ?? 0) - countTokens(marker);
  const room = { bytes: bytesForTokens(window, { bytes: budget.maxBytes, lines: budget.maxLines }, "both", 0.5, tokens, utf8Bytes, countTokens) + utf8Bytes(marker), lines: budget.maxLines };
  return searchRoom(room, budget.maxBytes, budget.maxTokens, (tried) => {
    const built = asBound(boundOpencode(window, { ...budget, maxBytes: tried.bytes, maxLines: tried.lines }, spill));
    return { built, over: built ? overrunOf(built, options) : { bytes: 0, lines: 0, tokens: 0 } };
  });
}
