// The spill side of a bounding session: the raw input held in memory, then in the spill file, the text view
// beside it, and the record that names them; nothing is left behind for an output that is not cut.
import { rmSync, statSync } from "node:fs";
import type { SpillRecord, SpillStore, SpillWriter } from "../spill/store.js";
import { isoTime } from "../spill/iso-time.js";
import { recordUnsavedOutput } from "../spill/tombstones.js";
import { newlineCountRoom } from "../text/newline-count.js";
import type { RecordFields } from "./compose.js";
import { TextViewSink } from "./text-view-sink.js";
import type { SpillReport } from "./types.js";

/** The spill file is opened once the raw bytes reach this (under it, held in memory: most outputs fit and never touch the disk). */
const SPILL_MEMORY_BYTES = 1024 * 1024;
/**
 * Raw bytes held past this go into one buffer of SPILL_MEMORY_BYTES (`hold`), at the offsets they take in the file,
 * which the spill's pooled writes then take as their blocks (SpillSinkOptions.blockMemory): the bytes held are
 * written from where they lie, and the blocks are no new memory (a page first touched costs ~10 µs on some hosts).
 * The buffer is the newline counter's room when no reader took it (`run`, whose reads land in the blocks): the
 * spill's line index then counts every chunk where it was read, none copied into the counter's window.
 * A short output copies its few chunks as they come, as before.
 */
const ONE_HOLD_AFTER_BYTES = 64 * 1024;

/** Where and how a session may save the full output. */
export interface SpillTarget {
  store: SpillStore;
  /** Per-output cap in bytes; past it the rest is counted as not saved. */
  maxOutputBytes?: number;
  /** Extra arguments the marker's `correx read` command needs to find this store (e.g. `--spill-dir DIR`). */
  readArguments?: string;
  /**
   * The id to save the output under, chosen beforehand (`createId`) when what is bounded names it already (the MCP
   * proxy's note in the place of media left out): the saved text view then names the id it is saved under.
   */
  id?: string;
}

/** The raw input a session kept so far, for reading it again: held chunks, then the spill file; `complete` when nothing is missing. */
export interface RawReplay {
  memory: Buffer[];
  path: string | undefined;
  complete: boolean;
}

/** Keeps one output's raw bytes (and the text derived from it) until the session knows whether to save them. */
export class RawSpill {
  private memory: Buffer[] = [];
  private memoryBytes = 0;
  /**
   * The one buffer copied chunks are held in once ONE_HOLD_AFTER_BYTES are held (see there), each at its offset in the
   * file, up to `holdEnd`: only while nothing else was held since (a chunk kept as it is comes after them all).
   */
  private hold: Buffer | undefined;
  private holdEnd = 0;
  private writer: SpillWriter | undefined;
  /** The spill's file once closed: its size and sha256; "ending" while a spill worker finishes it (`settled`). */
  private closed: { size: number; sha256: string } | "ending" | undefined;
  /** Why the spill is not saved after all, when finishing it failed (the report `settled` gives from then on). */
  private lost: SpillReport | undefined;
  /** The text view `save` wrote whole (derived text), to remove with the rest. */
  private writtenTextView: string | undefined;
  /** For structured input: the text derived from it, saved as the text view. */
  derivedText: string | undefined;
  /** For structured input read as a stream: its text view, written as the text comes. */
  textView: TextViewSink | undefined;
  /** The text view is of a structured input, whose raw bytes may have to be read again (`holdsForReplay`). */
  private replayable = false;
  /** The input's bytes when it was saved (for the tombstone of a spill that fails while it is finished). */
  private savedBytes = 0;

  constructor(private readonly target: SpillTarget | undefined, private readonly failure: string | undefined) {}

  /** True when nothing can be saved (no store, or it failed before the input began). */
  get unavailable(): boolean {
    return this.target === undefined || this.failure !== undefined;
  }

  /** The store outputs are saved in, if any. */
  get store(): SpillStore | undefined {
    return this.target?.store;
  }

  /** The per-output cap, which holds for each file of an output (the bytes as read, the text view). */
  get maxOutputBytes(): number {
    return this.target?.maxOutputBytes ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Starts the streamed text view: of structured input read as a stream (`replayable`: its raw bytes are held to be
   * read again when its spill cannot be created), or of transcoded text (UTF-16), which is never read again.
   */
  streamTextView(replayable = true): void {
    if (this.textView !== undefined || this.unavailable) return;
    this.textView = new TextViewSink(this.maxOutputBytes);
    this.replayable = replayable;
    if (this.writer === undefined) return; // opened with the spill
    if (this.writer.failure !== undefined) this.textView.giveUp(this.writer.failure);
    else this.textView.open(this.target!.store.textViewPath(this.writer.id));
  }

  /** `copy`: the caller may reuse the chunk (a stream); an input held whole is kept as it is. */
  keep(chunk: Buffer, copy = true): void {
    if (this.unavailable) return;
    // The chunk that fills the memory's share goes to the file with what was held (not copied in to be written out).
    if (this.memoryBytes + chunk.length >= SPILL_MEMORY_BYTES) this.openWriter();
    if (this.writer && !this.holdsForReplay()) {
      this.writer.write(chunk);
      return;
    }
    this.memory.push(copy ? this.held(chunk) : chunk);
    this.memoryBytes += chunk.length;
  }

  /** A copy of `chunk` to hold: in `hold` at its offset in the file once ONE_HOLD_AFTER_BYTES are held, else of its own. */
  private held(chunk: Buffer): Buffer {
    if (this.hold === undefined && this.memoryBytes + chunk.length >= ONE_HOLD_AFTER_BYTES && this.memoryBytes + chunk.length < SPILL_MEMORY_BYTES) {
      // in the newline counter's room where it is free: the spill's line index counts what is read there in place
      this.hold = newlineCountRoom(SPILL_MEMORY_BYTES) ?? Buffer.allocUnsafeSlow(SPILL_MEMORY_BYTES);
      this.holdEnd = this.memoryBytes; // the bytes held before it are copied to the start of the first block
    }
    if (this.hold !== undefined && this.holdEnd === this.memoryBytes && this.holdEnd + chunk.length <= this.hold.length) {
      const piece = this.hold.subarray(this.holdEnd, this.holdEnd + chunk.length);
      piece.set(chunk);
      this.holdEnd += chunk.length;
      return piece;
    }
    return Buffer.from(chunk);
  }

  /** Room to read the next chunk into, which `keep` then saves without a copy, once the spill file is written (spill-sink.ts). */
  readRoom(least: number): Buffer | undefined {
    return this.writer && !this.holdsForReplay() ? this.writer.readRoom(least) : undefined;
  }

  /** What was kept of the raw input, to read it again when it must be read another way. */
  replay(): RawReplay {
    if (this.writer === undefined || this.holdsForReplay()) return { memory: this.memory, path: undefined, complete: !this.unavailable };
    return { memory: [], path: this.writer.path, complete: this.writer.failure === undefined && this.writer.notSavedBytes === 0 };
  }

  /** Removes a saved output whose projection will not be written (each of its files once). */
  discard(): void {
    this.abortUnsaved();
  }

  /** Nothing was cut (or saving failed): the spill file and the text view are removed. */
  abortUnsaved(): void {
    this.writer?.abort();
    this.textView?.remove();
    if (this.writtenTextView !== undefined) rmSync(this.writtenTextView, { force: true });
    this.writtenTextView = undefined;
  }

  /** No more input will come: the spill's data is ended (a spill worker still starting is stopped: it has nothing left to take). */
  endInput(): void {
    this.writer?.endData();
  }

  /**
   * Ends the spill (and closes the text view) of `rawBytes` of input and says where it is, or why it is not. A spill
   * worker may still be finishing the file: `settled` (and `saveRecord`) wait for it, so that the cut is made
   * meanwhile; a failure there comes back as the report to make the cut again with.
   */
  save(rawBytes: number): SpillReport {
    if (!this.target) return this.failure ? { kind: "failed", reason: this.failure } : { kind: "disabled" };
    if (this.failure) return { kind: "failed", reason: this.failure };
    this.openWriter();
    const writer = this.writer!;
    if (this.closed === undefined && this.lost === undefined && writer.failure === undefined) {
      writer.endData();
      this.closed = "ending";
    }
    if (this.closed === undefined) return this.lost ?? this.unsaved(writer, rawBytes);
    this.savedBytes = rawBytes;
    const readArguments = this.target.readArguments ? { readArguments: this.target.readArguments } : {};
    const saved: SpillReport = { kind: "saved", id: writer.id, path: writer.path, notSavedBytes: writer.notSavedBytes || undefined, ...readArguments };
    if (this.derivedText === undefined && this.textView === undefined) return saved;
    if (!this.textView) this.writtenTextView = this.target.store.textViewPath(writer.id); // written whole below (or partly, on a failure)
    const view = this.textView ? this.textView.close() : this.target.store.writeTextView(writer.id, this.derivedText!, this.maxOutputBytes);
    if ("failure" in view) return { kind: "failed", reason: view.failure };
    const textCut = view.notSavedBytes ? { textNotSavedBytes: view.notSavedBytes } : {};
    return { ...saved, textPath: view.path, ...textCut, ...(saved.notSavedBytes ? { savedBytes: rawBytes - saved.notSavedBytes } : {}) };
  }

  /**
   * `spill` once its file is whole and closed (waiting for a spill worker that is finishing it), or, when finishing
   * it failed, the report that says why it is not saved.
   */
  settled(spill: SpillReport): SpillReport {
    if (this.closed === "ending") {
      this.closed = this.writer!.close();
      if (this.closed === undefined) this.lost = this.unsaved(this.writer!, this.savedBytes);
    }
    return spill.kind === "saved" && this.lost ? this.lost : spill;
  }

  /** Writes the record of a saved output (its projection, size, lines, hash); a failure there unsaves it. */
  saveRecord(projection: string, spill: SpillReport, fields: RecordFields, lines: number): SpillReport {
    const settled = this.settled(spill);
    if (settled !== spill) return settled;
    if (spill.kind !== "saved" || this.closed === undefined || this.closed === "ending" || !this.target) return spill;
    const record: SpillRecord = {
      // isoTime, not Date#toISOString: its first call in a process sets up V8's local-time cache (reads
      // /etc/localtime, ~1 ms of CPU), at the end of every saved output, for a time written in UTC
      id: spill.id, created: isoTime(Date.now()), size: this.closed.size, lines, sha256: this.closed.sha256,
      ...fields, ...(spill.notSavedBytes ? { not_saved_bytes: spill.notSavedBytes } : {}),
      ...(spill.textNotSavedBytes ? { text_not_saved_bytes: spill.textNotSavedBytes } : {}), ...textSize(spill.textPath), projection,
    };
    try {
      this.target.store.writeRecord(record);
      return spill;
    } catch (error) {
      this.writer?.abort();
      return { kind: "failed", reason: `cannot write the record of ${spill.id}: ${(error as Error).message}` };
    }
  }

  /** The report of a spill that could not be saved; the id is named only when a tombstone explains it. */
  private unsaved(writer: SpillWriter, rawBytes: number): SpillReport {
    const reason = writer.failure ?? "unknown failure";
    const explained = recordUnsavedOutput(this.target!.store, writer.id, reason, rawBytes); // a store that cannot be used holds none
    return { kind: "failed", reason, ...(explained ? { id: writer.id } : {}) };
  }

  private openWriter(): void {
    if (!this.target || this.writer || this.failure) return;
    // The hold becomes the pooled writes' blocks: the pieces held before it are copied into the first block, ahead of
    // those in it, which are taken where they lie; a piece held after them (kept as it was given) is copied past them.
    this.writer = this.target.store.createWriter(this.target.maxOutputBytes, this.hold, this.target.id);
    if (this.writer.failure !== undefined) this.textView?.giveUp(this.writer.failure);
    else this.textView?.open(this.target.store.textViewPath(this.writer.id));
    if (this.holdsForReplay()) return;
    for (const piece of this.memory) this.writer.write(piece);
    this.memory = [];
    this.memoryBytes = 0;
    this.hold = undefined; // the writer's now (or garbage, for a writer of another kind)
  }

  /** A streamed input whose spill could not be created is held in memory instead, to be read again if it must. */
  private holdsForReplay(): boolean {
    return this.replayable && this.textView !== undefined && this.writer !== undefined && this.writer.size === 0 && this.writer.failure !== undefined;
  }
}

/** The size of the text view at `path`, for the record (a reader tells a view deleted or changed since); none without one. */
function textSize(path: string | undefined): { text_size?: number } {
  if (path === undefined) return {};
  try {
    return { text_size: statSync(path).size };
  } catch {
    return {};
  }
}
