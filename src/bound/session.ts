// One bounding from bytes in to bounded text out: sniffing, hygiene, the collector, the spill and the marker.
import { rmSync } from "node:fs";
import { BudgetTooSmallError } from "../errors.js";
import { looksBinary } from "../text/binary.js";
import { createTranscoder, detectEncoding } from "../text/encoding.js";
import { renderLine } from "../text/render-line.js";
import type { SpillRecord, SpillStore, SpillWriter } from "../spill/store.js";
import { recordUnsavedOutput } from "../spill/tombstones.js";
import { summarizeBinary } from "./binary-summary.js";
import type { RecordFields } from "./compose.js";
import { PLAIN_JSON_CAP, PlainJsonWatch } from "./plain-json.js";
import { SalienceScanner } from "./salience/scanner.js";
import { composeOrRefuse } from "./smallest-budget.js";
import { LineCollector } from "./stream.js";
import { TextViewSink } from "./text-view-sink.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";

const SNIFF_BYTES = 8192;
/** Raw bytes kept in memory before the spill file is opened (most outputs fit and never touch the disk). */
const SPILL_MEMORY_BYTES = 1024 * 1024;

/** Where and how a session may save the full output. */
export interface SpillTarget {
  store: SpillStore;
  /** Per-output cap in bytes; past it the rest is counted as not saved. */
  maxOutputBytes?: number;
  /** Extra arguments the marker's `correx read` command needs to find this store (e.g. `--spill-dir DIR`). */
  readArguments?: string;
}

/** Options that may still change when the input ends: they matter only to the final cut. */
export type LateOptions = Partial<Pick<BoundOptions, "reservedBytes" | "reservedLines" | "reservedTokens" | "measure" | "headRatio" | "render" | "linesOnBody" | "keepInput">>;

/** The raw input a session kept so far, for reading it again: held chunks, then the spill file; `complete` when nothing is missing. */
export interface RawReplay {
  memory: Buffer[];
  path: string | undefined;
  complete: boolean;
}

/** Streams one output through hygiene and the bounder, saving the raw bytes when something is cut. */
export class BoundSession {
  private readonly options: BoundOptions;
  private readonly spillTarget: SpillTarget | undefined;
  private sniffBuffer: Buffer[] = [];
  private sniffBytes = 0;
  private decided = false;
  private binary = false;
  private binaryHead: Buffer | undefined;
  private transcoder: ReturnType<typeof createTranscoder> | undefined;
  /** Bytes at the very start that may still turn out to be a byte order mark (they are dropped, however many). */
  private leading: Buffer | undefined = Buffer.alloc(0);
  private readonly collector: LineCollector;
  private memory: Buffer[] = [];
  private memoryBytes = 0;
  private writer: SpillWriter | undefined;
  private spillFailure: string | undefined;
  private closed: { size: number; sha256: string } | undefined;
  private rawBytes = 0;
  /** For structured input: the text derived from it, bounded and saved as the text view. */
  private derivedText: string | undefined;
  /** For structured input read as a stream: its text view, written as the text comes. */
  private textView: TextViewSink | undefined;
  private textBytes: number | undefined;
  /** For text that may be one JSON value: shown as its view when it does not fit (plain-json.ts). */
  private json: PlainJsonWatch | undefined;

  constructor(options: BoundOptions, spill?: SpillTarget, spillFailure?: string) {
    this.options = { ...options };
    this.spillTarget = spill;
    this.spillFailure = spillFailure;
    const { stripAnsi, collapse } = options.hygiene;
    const clean = stripAnsi || collapse ? (line: string) => renderLine(line, { stripAnsi, collapse }) : keepLine;
    const salience = options.salience && options.style === "correx" && options.keep === "both" ? new SalienceScanner(clean, options.budget.maxBytes) : undefined;
    this.collector = new LineCollector({ budget: options.budget, keep: options.keep, cleanLine: clean, foldRepeats: options.hygiene.foldRepeats, salience });
    // The JSON view of plain JSON goes with salience: the model projection's structure-aware cut, off with --salience off.
    const jsonCap = Math.min(options.plainJsonCap ?? PLAIN_JSON_CAP, PLAIN_JSON_CAP);
    if (salience && options.view === undefined && jsonCap > 0) this.json = new PlainJsonWatch(jsonCap, spill === undefined || spillFailure !== undefined);
  }

  /**
   * For structured input (a JSON tool result): the input as read goes to the spill, and the text derived from
   * it (what the model reads, and what the marker's line numbers count) is bounded and saved beside it as
   * `<id>.text`, so that `correx read` and `sed` page the same lines the marker names.
   */
  writeDerived(input: Buffer, text: string): void {
    this.rawBytes += input.length;
    this.keepRaw(input, false);
    this.derivedText = text;
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
    this.textView ??= new TextViewSink();
    this.rawBytes += chunk.length;
    this.keepRaw(chunk);
  }

  /** The next bytes of the text derived from a streamed structured input (see writeRaw); they may be reused after. */
  writeDerivedText(bytes: Buffer): void {
    this.textBytes = (this.textBytes ?? 0) + bytes.length;
    this.textView?.write(bytes);
    this.collector.write(bytes);
  }

  /** What was kept of the raw input (writeRaw), to read it again when it must be read another way. */
  rawReplay(): RawReplay {
    if (this.writer === undefined || this.holdsForReplay()) return { memory: this.memory, path: undefined, complete: this.spillTarget !== undefined && !this.spillFailure };
    return { memory: [], path: this.writer.path, complete: this.writer.failure === undefined && this.writer.notSavedBytes === 0 };
  }

  /** Leaves nothing behind for an input that will not be written (its replay read first). */
  discard(): void {
    this.discardSpill();
  }

  /** Takes the next chunk of raw input bytes; the chunk may be reused by the caller once this returns. */
  write(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.rawBytes += chunk.length;
    this.keepRaw(chunk);
    this.json?.write(chunk);
    if (this.decided) {
      this.feed(chunk);
      return;
    }
    this.sniffBuffer.push(Buffer.from(chunk));
    this.sniffBytes += chunk.length;
    if (this.sniffBytes >= SNIFF_BYTES) this.decide();
  }

  /**
   * Ends the input: bounds what was collected, saves the full output if anything was cut, and says how.
   * `late` overrides options only known at the end (a frame that depends on the exit code, a tail-leaning ratio).
   */
  finish(fields: RecordFields = {}, late: LateOptions = {}): BoundText {
    Object.assign(this.options, late);
    if (!this.decided) this.decide(true);
    if (this.transcoder) this.emit(Buffer.from(this.transcoder.end()));
    if (this.leading !== undefined && this.leading.length > 0) this.collector.write(this.leading);
    this.leading = undefined;
    try {
      if (this.binary) return summarizeBinary(this.binaryHead ?? Buffer.alloc(0), this.rawBytes, this.options, () => this.saveSpill(), (text, spill) => this.saveRecord(text, spill, fields, 0));
      const window = this.collector.finish();
      // On a refusal, the same bounding is tried with larger budgets to name the smallest that works.
      const json = this.json;
      const plainJson = json && ((spill: SpillReport) => json.load(spill, this.spillTarget?.store));
      const record = (text: string, spill: SpillReport, lines?: number): SpillReport => this.saveRecord(text, spill, fields, lines ?? window.totalLines);
      const bounded = composeOrRefuse(window, this.options, this.textBytes ?? this.rawBytes, () => this.saveSpill(), record, plainJson);
      if (bounded.spill?.kind !== "saved") {
        // nothing was cut (or saving failed): leave nothing behind
        this.writer?.abort();
        this.textView?.remove();
      }
      return bounded;
    } catch (error) {
      // Nothing is written: leave nothing behind either.
      if (error instanceof BudgetTooSmallError) this.discardSpill();
      throw error;
    }
  }

  /** `complete`: the sniffed bytes are the whole input. */
  private decide(complete = false): void {
    const head = Buffer.concat(this.sniffBuffer);
    this.sniffBuffer = [];
    this.decided = true;
    const encoding = this.options.hygiene.keepEncoding ? "utf-8" : detectEncoding(head);
    if (this.options.hygiene.keepEncoding) this.leading = undefined;
    if (encoding === "utf-16le" || encoding === "utf-16be") this.transcoder = createTranscoder(encoding);
    else if (this.options.hygiene.detectBinary && looksBinary(head.subarray(0, SNIFF_BYTES))) {
      this.binary = true;
      this.binaryHead = head.subarray(0, SNIFF_BYTES);
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
      this.collector.write(chunk);
      return;
    }
    let bytes = this.leading.length > 0 ? Buffer.concat([this.leading, chunk]) : chunk;
    while (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    if (bytes.length < 3 && BOM.subarray(0, bytes.length).equals(bytes)) {
      this.leading = Buffer.from(bytes);
      return;
    }
    this.leading = undefined;
    this.collector.write(bytes);
  }

  /** Removes a saved output whose projection will not be written. */
  private discardSpill(): void {
    this.textView?.remove();
    if (this.writer === undefined) return;
    this.writer.abort();
    rmSync(this.spillTarget!.store.textViewPath(this.writer.id), { force: true });
  }

  /** `copy`: the caller may reuse the chunk (a stream); an input held whole is kept as it is. */
  private keepRaw(chunk: Buffer, copy = true): void {
    if (!this.spillTarget || this.spillFailure) return;
    if (this.writer && !this.holdsForReplay()) {
      this.writer.write(chunk);
      return;
    }
    this.memory.push(copy ? Buffer.from(chunk) : chunk);
    this.memoryBytes += chunk.length;
    if (this.memoryBytes > SPILL_MEMORY_BYTES) this.openWriter();
  }

  private openWriter(): void {
    if (!this.spillTarget || this.writer || this.spillFailure) return;
    this.writer = this.spillTarget.store.createWriter(this.spillTarget.maxOutputBytes);
    if (this.writer.failure !== undefined) this.textView?.giveUp(this.writer.failure);
    else this.textView?.open(this.spillTarget.store.textViewPath(this.writer.id));
    if (this.holdsForReplay()) return;
    for (const piece of this.memory) this.writer.write(piece);
    this.memory = [];
    this.memoryBytes = 0;
  }

  /** A streamed input whose spill could not be created is held in memory instead, to be read again if it must. */
  private holdsForReplay(): boolean {
    return this.textView !== undefined && this.writer !== undefined && this.writer.size === 0 && this.writer.failure !== undefined;
  }

  private saveSpill(): SpillReport {
    if (!this.spillTarget) return this.spillFailure ? { kind: "failed", reason: this.spillFailure } : { kind: "disabled" };
    if (this.spillFailure) return { kind: "failed", reason: this.spillFailure };
    this.openWriter();
    const writer = this.writer!;
    const closed = writer.failure === undefined ? writer.close() : undefined;
    if (!closed) {
      const reason = writer.failure ?? "unknown failure";
      // the id is named only when a tombstone explains it (a store that cannot be used holds none)
      const explained = recordUnsavedOutput(this.spillTarget.store, writer.id, reason, this.rawBytes);
      return { kind: "failed", reason, ...(explained ? { id: writer.id } : {}) };
    }
    this.closed = closed;
    const readArguments = this.spillTarget.readArguments ? { readArguments: this.spillTarget.readArguments } : {};
    const saved: SpillReport = { kind: "saved", id: writer.id, path: writer.path, notSavedBytes: writer.notSavedBytes || undefined, ...readArguments };
    if (this.derivedText === undefined && this.textView === undefined) return saved;
    const textPath = this.textView ? this.textView.close() : this.spillTarget.store.writeTextView(writer.id, this.derivedText!);
    return typeof textPath === "string" ? { ...saved, textPath } : { kind: "failed", reason: textPath.failure };
  }

  private saveRecord(projection: string, spill: SpillReport, fields: RecordFields, lines: number): SpillReport {
    if (spill.kind !== "saved" || !this.closed || !this.spillTarget) return spill;
    const record: SpillRecord = {
      id: spill.id, created: new Date().toISOString(), size: this.closed.size, lines, sha256: this.closed.sha256,
      ...fields, ...(spill.notSavedBytes ? { not_saved_bytes: spill.notSavedBytes } : {}), projection,
    };
    try {
      this.spillTarget.store.writeRecord(record);
      return spill;
    } catch (error) {
      this.writer?.abort();
      return { kind: "failed", reason: `cannot write the record of ${spill.id}: ${(error as Error).message}` };
    }
  }
}

const keepLine = (line: string): string => line;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
