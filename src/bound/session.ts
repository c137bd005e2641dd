// One bounding from bytes in to bounded text out: sniffing, hygiene, the collector, the spill and the marker.
import { BudgetTooSmallError } from "../errors.js";
import { looksBinary } from "../text/binary.js";
import { createTranscoder, detectEncoding } from "../text/encoding.js";
import { cutStringEnd } from "../text/inline-image.js";
import { renderLine } from "../text/render-line.js";
import { rowsUp } from "../text/rows-up.js";
import { summarizeBinary } from "./binary-summary.js";
import { CUT_MIN_BYTES, ONE_OFF_MIN_BYTES, withoutOptimizing } from "./one-off.js";
import type { RecordFields } from "./compose.js";
import { PLAIN_JSON_CAP, PlainJsonWatch } from "./plain-json.js";
import { SalienceScanner } from "./salience/scanner.js";
import { RawSpill, type RawReplay, type SpillTarget } from "./raw-spill.js";
import { composeOrRefuse } from "./smallest-budget.js";
import { LineCollector } from "./stream.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";

const SNIFF_BYTES = 8192;
/** Options that may still change when the input ends: they matter only to the final cut. */
export type LateOptions = Partial<Pick<BoundOptions, "budget" | "reservedBytes" | "reservedLines" | "reservedTokens" | "measure" | "headRatio" | "render" | "linesOnBody" | "linesBeside" | "reserveLess" | "keepInput">>;

export type { RawReplay, SpillTarget } from "./raw-spill.js";

/** Streams one output through hygiene and the bounder, saving the raw bytes when something is cut. */
export class BoundSession {
  /**
   * Room kept at the finish besides the late options' reservations, for what a caller writes beside the text once
   * the whole input is known (the proxy's note that structuredContent was cut: mcp/structured-note.ts).
   */
  reservedBeside: { bytes: number; lines: number; tokens: number } | undefined;
  private readonly options: BoundOptions;
  private readonly spill: RawSpill;
  private sniffBuffer: Buffer[] = [];
  private sniffBytes = 0;
  private decided = false;
  private binary = false;
  private binaryHead: Buffer | undefined;
  private transcoder: ReturnType<typeof createTranscoder> | undefined;
  /** Bytes at the very start that may still turn out to be a byte order mark (they are dropped, however many). */
  private leading: Buffer | undefined = Buffer.alloc(0);
  private readonly collector: LineCollector;
  private rawBytes = 0;
  /** Bytes of the text derived from structured input (what the marker's line numbers count), if any. */
  private textBytes: number | undefined;
  /** For text that may be one JSON value: shown as its view when it does not fit (plain-json.ts). */
  private json: PlainJsonWatch | undefined;

  constructor(options: BoundOptions, spill?: SpillTarget, spillFailure?: string) {
    this.options = { ...options };
    this.spill = new RawSpill(spill, spillFailure);
    const { stripAnsi, collapse } = options.hygiene;
    const render = { stripAnsi, collapse };
    const cleanText = stripAnsi || collapse ? (line: string) => renderLine(line, render) : keepLine;
    const salienceOn = options.salience && options.style === "correx" && options.keep === "both";
    // The JSON view of plain JSON goes with salience: the model projection's structure-aware cut, off with --salience off.
    const jsonCap = Math.min(options.plainJsonCap ?? PLAIN_JSON_CAP, PLAIN_JSON_CAP);
    if (salienceOn && options.view === undefined && jsonCap > 0) this.json = new PlainJsonWatch(jsonCap, this.spill.unavailable);
    // A line of what looks like one JSON value is data, not a screen: kept as it came when it holds no control a
    // JSON text may not hold raw (so DEL, C1 characters and CRLF ends survive: JSON that fits comes back byte for byte).
    const clean = this.json ? (line: string) => (this.json?.isCandidate && !JSON_FORBIDDEN.test(line) ? line : cleanText(line)) : cleanText;
    const salience = salienceOn ? new SalienceScanner(clean, options.budget.maxBytes) : undefined;
    // The tail of a line too long to hold may start inside a sequence (an inline image's base64): its rest is dropped.
    const cleanCutStart = stripAnsi || collapse ? (line: string) => clean(line.slice(cutStringEnd(line))) : undefined;
    this.collector = new LineCollector({ budget: options.budget, keep: options.keep, cleanLine: clean, cleanCutStart, rowsUp: collapse ? rowsUp : undefined, foldRepeats: options.hygiene.foldRepeats, salience });
  }

  /**
   * For structured input (a JSON tool result): the input as read goes to the spill, and the text derived from
   * it (what the model reads, and what the marker's line numbers count) is bounded and saved beside it as
   * `<id>.text`, so that `correx read` and `sed` page the same lines the marker names.
   */
  writeDerived(input: Buffer, text: string): void {
    this.rawBytes += input.length;
    this.spill.keep(input, false);
    this.spill.derivedText = text;
    this.json = undefined;
    const bytes = Buffer.from(text, "utf8");
    this.textBytes = bytes.length;
    this.decided = true;
    this.collector.write(bytes);
  }

  /**
   * For structured input read as a stream (normalize/envelope-stream.ts): `writeRaw` takes the input as read (to the
   * spill), `writeDerivedText` the text derived from it as it is decoded (bounded, and saved as `<id>.text`).
   */
  writeRaw(chunk: Buffer): void {
    this.decided = true;
    this.json = undefined;
    this.textBytes ??= 0;
    this.spill.streamTextView();
    this.rawBytes += chunk.length;
    this.spill.keep(chunk);
  }

  /** The next bytes of the text derived from a streamed structured input (see writeRaw); they may be reused after. */
  writeDerivedText(bytes: Buffer): void {
    this.textBytes = (this.textBytes ?? 0) + bytes.length;
    this.spill.textView?.write(bytes);
    this.collector.write(bytes);
  }

  /** What was kept of the raw input (writeRaw), to read it again when it must be read another way. */
  rawReplay(): RawReplay {
    return this.spill.replay();
  }

  /** Leaves nothing behind for an input that will not be written (its replay read first). */
  discard(): void {
    this.spill.discard();
  }

  /** Takes the next chunk of raw input bytes; the chunk may be reused by the caller once this returns. */
  write(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.rawBytes += chunk.length;
    this.spill.keep(chunk);
    if (this.decided) {
      this.json?.write(chunk);
      this.feed(chunk);
      return;
    }
    this.sniffBytes += chunk.length;
    if (this.sniffBytes < SNIFF_BYTES) {
      this.json?.write(chunk);
      this.sniffBuffer.push(Buffer.from(chunk));
      return;
    }
    // The chunk that completes the sniff is decided on and fed at once: not copied (a first read of 1 MiB was
    // copied twice here), only what was held before it is joined to it.
    this.decide(false, this.sniffBuffer.length === 0 ? chunk : Buffer.concat([...this.sniffBuffer, chunk]));
    this.json?.write(chunk); // after the decision: held only for an input that may be JSON
  }

  /** Room to read the next chunk into (for `write`): the spill's then takes it without a copy; undefined when there is none. */
  readRoom(least: number): Buffer | undefined {
    return this.spill.readRoom(least);
  }

  /**
   * No more input will come (`finish` may come later): a spill worker that has the spill finishes it meanwhile, one
   * still starting is stopped (`run` sets V8's flags for its last step next: a worker starting then compiles from source).
   */
  endInput(): void {
    this.spill.endInput();
  }

  /**
   * Ends the input: bounds what was collected, saves the full output if anything was cut, and says how.
   * `late` overrides options only known at the end (a frame that depends on the exit code, a tail-leaning ratio).
   * A budget too small for the marker writes nothing and leaves nothing behind (BudgetTooSmallError), but with
   * `keepOnRefusal` (an input that cannot be given again: a command's output) the whole output is saved and
   * recorded, and the refusal names it.
   */
  finish(fields: RecordFields = {}, late: LateOptions = {}, keepOnRefusal = false): BoundText {
    Object.assign(this.options, late);
    if (this.reservedBeside !== undefined) {
      const { bytes, lines, tokens } = this.reservedBeside;
      Object.assign(this.options, {
        reservedBytes: (this.options.reservedBytes ?? 0) + bytes, reservedLines: (this.options.reservedLines ?? 0) + lines, reservedTokens: (this.options.reservedTokens ?? 0) + tokens,
        // Said apart too: the written-output check adds it to a rendered output, which does not hold it (written.ts).
        reservedBeside: this.reservedBeside,
      });
    }
    let totalLines: number | undefined;
    if (!this.decided) this.decide(true);
    if (this.transcoder) this.emit(Buffer.from(this.transcoder.end()));
    if (this.leading !== undefined && this.leading.length > 0) this.text(this.leading);
    this.leading = undefined;
    try {
      if (this.binary) return summarizeBinary(this.binaryHead ?? Buffer.alloc(0), this.rawBytes, this.options, () => this.spill.save(this.rawBytes), (text, spill) => this.spill.saveRecord(text, spill, fields, 0));
      // The end of the output runs once: without V8's optimizing compiler (one-off.ts), as the cut below; from
      // CUT_MIN_BYTES when the output is over the byte budget (it is cut), else from ONE_OFF_MIN_BYTES.
      const cut = (this.textBytes ?? this.rawBytes) > this.options.budget.maxBytes;
      const window = withoutOptimizing(this.rawBytes, () => this.collector.finish(), cut ? CUT_MIN_BYTES : ONE_OFF_MIN_BYTES);
      totalLines = window.totalLines;
      // On a refusal, the same bounding is tried with larger budgets to name the smallest that works.
      const json = this.json;
      // A candidate is read back from the spill: once the file is whole.
      const plainJson = json && ((spill: SpillReport) => json.load(json.isCandidate ? this.spill.settled(spill) : spill, this.spill.store, this.spill.maxOutputBytes));
      const record = (text: string, spill: SpillReport, lines?: number): SpillReport => this.spill.saveRecord(text, spill, fields, lines ?? window.totalLines);
      const bounded = composeOrRefuse(window, this.options, this.textBytes ?? this.rawBytes, () => this.spill.save(this.rawBytes), record, plainJson);
      if (bounded.spill?.kind !== "saved") {
        // nothing was cut (or saving failed): leave nothing behind
        this.spill.abortUnsaved();
      }
      return bounded;
    } catch (error) {
      if (!(error instanceof BudgetTooSmallError)) throw error;
      // Nothing is written: leave nothing behind either, unless the input cannot be given again (a command's output).
      const kept = keepOnRefusal && totalLines !== undefined ? this.keepRefused(fields, totalLines) : undefined;
      if (kept === undefined) {
        this.spill.discard();
        throw error;
      }
      throw error.saying(`; the whole output is saved as ${kept} (${this.options.readSaved?.(kept) ?? `correx read ${kept}`})`);
    }
  }

  /** The spill saved and recorded with no projection (nothing was written); its id, or undefined when it could not be. */
  private keepRefused(fields: RecordFields, lines: number): string | undefined {
    const saved = this.spill.save(this.rawBytes);
    const recorded = saved.kind === "saved" ? this.spill.saveRecord("", saved, fields, lines) : saved;
    return recorded.kind === "saved" ? recorded.id : undefined;
  }

  /** `complete`: the sniffed bytes are the whole input. `head`: the input's first bytes (the caller's until this returns). */
  private decide(complete = false, head: Buffer = Buffer.concat(this.sniffBuffer)): void {
    this.sniffBuffer = [];
    this.decided = true;
    const encoding = this.options.hygiene.keepEncoding ? "utf-8" : detectEncoding(head);
    if (this.options.hygiene.keepEncoding) this.leading = undefined;
    if (encoding === "utf-16le" || encoding === "utf-16be") {
      // The text read, paged and searched is the UTF-8 the transcoder makes (saved as `<id>.text` as it comes),
      // the raw bytes saved as they came: the marker's counts and hints are in the text's lines and bytes.
      this.transcoder = createTranscoder(encoding);
      this.textBytes = 0;
      this.spill.streamTextView(false);
    } else if (this.options.hygiene.detectBinary && looksBinary(head.subarray(0, SNIFF_BYTES))) {
      this.binary = true;
      this.binaryHead = Buffer.from(head.subarray(0, SNIFF_BYTES)); // kept: the head may be the caller's chunk
    }
    this.json?.decide(head, complete, !this.binary && this.transcoder === undefined);
    this.feed(head);
  }

  private feed(chunk: Buffer): void {
    if (this.binary) return;
    this.emit(this.transcoder ? Buffer.from(this.transcoder.write(chunk)) : chunk);
  }

  /**
   * Passes decoded UTF-8 on to the collector, dropping every byte order mark at the very start (not only the
   * first: one pass must leave nothing a second pass would drop), even when chunks split them.
   */
  private emit(chunk: Buffer): void {
    if (this.leading === undefined) {
      this.text(chunk);
      return;
    }
    let bytes = this.leading.length > 0 ? Buffer.concat([this.leading, chunk]) : chunk;
    while (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    if (bytes.length < 3 && BOM.subarray(0, bytes.length).equals(bytes)) {
      this.leading = Buffer.from(bytes);
      return;
    }
    this.leading = undefined;
    this.text(bytes);
  }

  /** The text to bound; of a transcoded input, also its text view and its size (`textBytes`). */
  private text(bytes: Buffer): void {
    if (this.transcoder !== undefined) {
      this.textBytes! += bytes.length;
      this.spill.textView?.write(bytes);
    }
    this.collector.write(bytes);
  }
}

const keepLine = (line: string): string => line;
/** Controls a JSON text never holds raw (outside strings only blanks; inside them they must be escaped); CR ends a CRLF line. */
const JSON_FORBIDDEN = /[\x00-\x08\x0a-\x0c\x0e-\x1f]|\r(?!$)/;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
