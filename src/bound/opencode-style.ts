// `--style opencode`: opencode's ToolOutputStore.bound reproduced exactly (REFERENCE.md), over the collected window.
import { sequenceSafeEnd, sequenceSafeStart } from "../text/ansi.js";
import { prefixEnd, suffixStart, utf8Bytes } from "../text/utf8.js";
import type { CollectedWindow } from "./stream.js";
import type { Budget, SpillReport } from "./types.js";

/** opencode's marker, or the nearest honest wording when the output could not be saved. */
export function opencodeMarker(spill: SpillReport): string {
  switch (spill.kind) {
    case "saved":
      return `... output truncated; full content saved to ${spill.path} ...`;
    case "failed":
      return `... output truncated; full content not saved: ${spill.reason} ...`;
    case "disabled":
      return "... output truncated; full content not saved (--no-spill) ...";
    default: {
      const never: never = spill;
      return never;
    }
  }
}

/** True when opencode would leave the text whole: split("\n") has at most L0 parts and it has at most B0 bytes. */
export function opencodeFits(window: CollectedWindow, budget: Budget): boolean {
  if (!window.complete) return false;
  const text = joinWindow(window);
  return text.split("\n").length <= budget.maxLines && utf8Bytes(text) <= budget.maxBytes;
}

/** The whole text of a complete window. */
export function joinWindow(window: CollectedWindow): string {
  const body = window.first.map((line) => line.text).join("\n");
  return window.endsWithNewline ? `${body}\n` : body;
}

/** The split("\n") parts of the full text: known at the head and the tail; the middle may be gone. */
function textParts(window: CollectedWindow): { first: string[]; last: string[]; count: number } {
  const first = window.first.map((line) => line.text);
  const last = window.last.map((line) => line.text);
  if (window.endsWithNewline) last.push("");
  if (window.complete && window.endsWithNewline) first.push("");
  const count = window.complete ? first.length : window.totalLines + (window.endsWithNewline ? 1 : 0);
  return { first, last, count };
}

/** The bounded text opencode would produce, given a window that does not fit. */
export function boundOpencode(window: CollectedWindow, budget: Budget, spill: SpillReport): { head: string; marker: string; tail: string; text: string } {
  const marker = opencodeMarker(spill);
  const markerBytes = utf8Bytes(marker);
  if (budget.maxLines <= 4 || budget.maxBytes <= markerBytes + 4) {
    const cut = marker.slice(0, prefixEnd(marker, budget.maxBytes, utf8Bytes, false)).split("\n").slice(0, budget.maxLines).join("\n");
    return { head: "", marker: cut, tail: "", text: cut };
  }
  const lineRoom = budget.maxLines - 4;
  const byteRoom = budget.maxBytes - markerBytes - 4;
  const parts = textParts(window);
  let headText: string;
  let tailText = "";
  let sampleKnown: boolean;
  if (parts.count <= lineRoom) {
    headText = parts.first.join("\n");
    sampleKnown = window.complete;
    if (!window.complete) tailText = parts.last.join("\n");
  } else {
    const headCount = Math.ceil(lineRoom / 2);
    const tailCount = Math.floor(lineRoom / 2);
    const headKnown = parts.first.length >= headCount && window.first.slice(0, headCount).every((line) => line.partial === undefined);
    const tailKnown = window.complete || (parts.last.length >= tailCount && window.last[window.last.length - tailCount + (window.endsWithNewline ? 1 : 0)]?.partial === undefined);
    headText = parts.first.slice(0, headCount).join("\n");
    tailText = tailCount === 0 ? "" : (window.complete ? parts.first : parts.last).slice(-tailCount).join("\n");
    sampleKnown = headKnown && tailKnown;
    if (sampleKnown && utf8Bytes(headText) + 1 + utf8Bytes(tailText) <= byteRoom) {
      return compose(headText, marker, tailText);
    }
    if (headKnown) headText = `${headText}\n${tailText}`;
    if (tailKnown) tailText = `${parts.first.slice(0, headCount).join("\n")}\n${tailText}`;
  }
  if (sampleKnown && parts.count <= lineRoom && utf8Bytes(headText) <= byteRoom) return compose(headText, marker, "");
  // never inside an escape sequence `--keep-ansi` kept (a stripped text has none, so opencode's cut is unchanged)
  const head = headText.slice(0, sequenceSafeEnd(headText, prefixEnd(headText, Math.ceil(byteRoom / 2), utf8Bytes, false)));
  const source = tailText.length > 0 ? tailText : headText;
  return compose(head, marker, source.slice(sequenceSafeStart(source, suffixStart(source, Math.floor(byteRoom / 2), utf8Bytes, false))));
}

function compose(head: string, marker: string, tail: string): { head: string; marker: string; tail: string; text: string } {
  const text = tail.length > 0 ? `${head}\n\n${marker}\n\n${tail}` : `${head}\n\n${marker}`;
  return { head, marker, tail, text };
}
