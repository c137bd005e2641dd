// Plain JSON on the text path (`bound`, `run`: a command's JSON that is not a tool-result envelope). An input that
// is one JSON value (first non-blank byte `{` or `[`, valid to its end, at most PLAIN_JSON_CAP bytes) and does not
// fit is shown as its JSON view (json-view.ts) instead of head + tail. The bytes are never held for it: they are
// re-read from the spill once a cut is known to be needed (without a spill, at most NO_SPILL_JSON_BYTES are held).
import { readFileSync, rmSync } from "node:fs";
import { InputError } from "../errors.js";
import { couldBeJson, findFirstNonBlankByte, looksLikeJson, parseJsonBytes } from "../normalize/json-input.js";
import { LosslessNumber, stringifyJson } from "../normalize/lossless-json.js";
import type { SpillStore } from "../spill/store.js";
import { detectEncoding } from "../text/encoding.js";
import { countLines } from "./budget.js";
import { viewJsonWithin } from "./json-view.js";
import type { SpillReport } from "./types.js";
import type { ViewSource } from "./view-compose.js";

/**
 * The largest plain JSON input shown as a view (also at most --json-cap). Parsing holds the value, its pretty
 * print and the bytes at once: 7 MiB of objects peaks near 200 MiB (bench/json.mjs); larger input gets the line cut.
 */
export const PLAIN_JSON_CAP = 8 * 1024 * 1024;
/** Without a spill to re-read, the bytes of a possible JSON value are held in memory up to this size. */
const NO_SPILL_JSON_BYTES = 1024 * 1024;

/** A view of plain JSON ready to compose: its source, the spill report naming its text, and how to take the text back. */
export interface PlainJsonView {
  source: ViewSource;
  spill: SpillReport;
  /** Removes the text view written beside the spill (when the view is not shown after all). */
  discard: () => void;
}

/** Watches a text input for one JSON value: decided on its first bytes, loaded from the spill only when needed. */
export class PlainJsonWatch {
  private candidate: boolean | undefined;
  private bytes = 0;
  private held: Buffer[] | undefined;
  private parsed: Parsed | null | undefined;
  private textPath: { path: string } | { failure: string } | undefined;

  /** `holdInMemory`: there is no spill to re-read, so keep the bytes (up to NO_SPILL_JSON_BYTES). */
  constructor(private readonly cap: number, holdInMemory: boolean) {
    this.held = holdInMemory ? [] : undefined;
  }

  /** True once the first bytes were found to open one JSON value (decide). */
  get isCandidate(): boolean {
    return this.candidate === true;
  }

  /** Counts a chunk of raw input (and copies it when held). */
  write(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.held === undefined || this.candidate === false) return;
    if (this.bytes <= Math.min(this.cap, NO_SPILL_JSON_BYTES)) this.held.push(Buffer.from(chunk));
    else this.held = undefined;
  }

  /**
   * Decides on the input's first bytes as read (`complete`: they are all of it): a candidate when the first
   * non-blank byte is `{` or `[` and they hold no syntax error (JSON Lines and `[INFO] …` logs fail here).
   * `usable`: the input is UTF-8 text (not binary, not transcoded).
   */
  decide(head: Buffer, complete: boolean, usable: boolean): void {
    this.candidate = usable && looksLikeJson(findFirstNonBlankByte(head)) && couldBeJson(head, complete);
    if (!this.candidate) this.held = undefined;
  }

  /**
   * The view of the input when it is one JSON value under the cap, read back from the saved spill (or the held
   * bytes). When the view's line numbers name lines the input does not have (it is not already the value pretty-
   * printed by 2 spaces), that pretty print is written beside the spill as `<id>.text`, which `correx read` and
   * `grep` page. Undefined (and nothing written) otherwise, and when that pretty print would not fit the per-output
   * cap (`maxBytes`): a view cut short would name lines it lacks, so the input is cut as lines instead.
   */
  load(spill: SpillReport, store: SpillStore | undefined, maxBytes = Number.POSITIVE_INFINITY): PlainJsonView | undefined {
    if (this.candidate !== true || this.bytes > this.cap) return undefined;
    // Parsed once: the search for the smallest budget that works bounds the same input again and again.
    this.parsed ??= this.parse(spill) ?? null;
    const parsed = this.parsed;
    if (parsed === null) return undefined;
    let report = spill;
    if (!parsed.same && spill.kind === "saved" && store !== undefined) {
      if (Buffer.byteLength(parsed.text) > maxBytes) return undefined;
      this.textPath ??= store.writeTextView(spill.id, parsed.text);
      if ("failure" in this.textPath) return undefined;
      report = { ...spill, textPath: this.textPath.path };
    }
    const discard = (): void => {
      if (this.textPath !== undefined && "path" in this.textPath) rmSync(this.textPath.path, { force: true });
      this.textPath = undefined;
    };
    return { source: parsed.source, spill: report, discard };
  }

  /** The value read back and parsed, its view source, and its pretty print; undefined when it is not one value. */
  private parse(spill: SpillReport): Parsed | undefined {
    const bytes = spill.kind === "saved" ? (spill.notSavedBytes ? undefined : readSaved(spill.path)) : this.held && Buffer.concat(this.held);
    this.held = undefined;
    if (bytes === undefined || bytes.length !== this.bytes) return undefined;
    const value = parseValue(bytes);
    if (value === undefined) return undefined;
    const pretty = stringifyJson(value, 2);
    const text = Buffer.from(`${pretty}\n`);
    const raw = detectEncoding(bytes) === "utf-8-bom" ? bytes.subarray(3) : bytes;
    const same = raw.equals(text) || raw.equals(text.subarray(0, -1));
    const source: ViewSource = {
      render: (fits, maxChars) => viewJsonWithin(value, fits, maxChars),
      totalLines: countLines(pretty),
      totalBytes: same ? bytes.length : text.length,
    };
    return { source, same, text: same ? "" : text.toString("utf8") };
  }
}

/** A value read back: how to view it, and (unless the input is already its pretty print) the text to save. */
interface Parsed {
  source: ViewSource;
  same: boolean;
  text: string;
}

/** The saved bytes, or undefined when they cannot be read back. */
function readSaved(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** The parsed value when the bytes are one JSON object or array, else undefined (malformed, JSON Lines, too deep). */
function parseValue(bytes: Buffer): object | undefined {
  let value: unknown;
  try {
    value = parseJsonBytes(bytes);
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
  return typeof value === "object" && value !== null && !(value instanceof LosslessNumber) ? value : undefined;
}
