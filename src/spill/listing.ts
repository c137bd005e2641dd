// `correx ls`: the stored outputs, newest first, with what produced them and how it ended. Streamed: one row at a
// time in fixed-width columns, reading only the head of each record (never the projection), so memory stays flat.
import * as fs from "node:fs";
import { formatSize } from "../text/magic.js";
import { idTime } from "./ids.js";
import { changedWarning, describeDifferences } from "./integrity.js";
import { isoTime } from "./iso-time.js";
import { STORE_FILES, storePrefix, streamInventory, type ListingEntry, type StoreFiles } from "./inventory.js";
import type { SpillRecord, SpillStore } from "./store.js";

/** One output as `ls` shows it. */
export interface ListedOutput {
  id: string;
  /** "stored": complete; "being-written": data without a record yet; "damaged": a record that cannot be read, or no data. */
  status: "stored" | "being-written" | "damaged";
  /** Creation time from the id, ISO 8601. */
  created: string;
  /** Bytes saved (the data file). */
  size: number;
  /** Bytes on disk: data, record, text view and line index (what the quota and gc count). */
  disk_bytes: number;
  path: string;
  lines?: number;
  command?: string;
  label?: string;
  parent_command?: string;
  tool?: string;
  exit_code?: number | null;
  /** The signal that ended a run's command (its record's `signal`). */
  signal?: string;
  /** Bytes the per-output cap kept out of the file. */
  not_saved_bytes?: number;
  /** Bytes of the text the per-output cap kept out of the text view. */
  text_not_saved_bytes?: number;
  /** A run's output read no further than this many ms after its command exited: a background job held it. */
  output_held_ms?: number;
  /** What differs from its record: the output was changed, cut short or lost its text view after it was saved (as read and grep say). */
  warning?: string;
}

const RECORD_HEAD_BYTES = 16 * 1024;
const PROJECTION_KEY_BYTES = Buffer.from(',\n  "projection":');

/** The record's fields before its projection (records are written pretty-printed, the projection after the facts). */
function parseRecordHead(file: string, head: Buffer, read: number | undefined): Partial<SpillRecord> {
  if (read === undefined) throw new Error(`${file} cannot be read`);
  const cut = head.indexOf(PROJECTION_KEY_BYTES); // only the facts are decoded
  if (cut !== -1 && cut + PROJECTION_KEY_BYTES.length <= read) return JSON.parse(`${head.toString("utf8", 0, cut)}}`) as Partial<SpillRecord>;
  return JSON.parse(read < head.length ? head.toString("utf8", 0, read) : fs.readFileSync(file, "utf8")) as Partial<SpillRecord>;
}

function describeEntry(entry: ListingEntry, prefix: string, record: () => Partial<SpillRecord>): ListedOutput {
  // Keys in the order ls --format json has always written them.
  const diskBytes = (entry.data ?? 0) + (entry.record ?? 0) + (entry.text ?? 0) + (entry.index ?? 0);
  const output = { id: entry.id, created: isoTime(entry.created), size: entry.data ?? 0, disk_bytes: diskBytes, path: prefix + entry.id } as ListedOutput;
  output.status = "being-written";
  if (entry.record === undefined) return output;
  try {
    const fields = record();
    output.status = entry.data !== undefined ? "stored" : "damaged";
    if (typeof fields.lines === "number") output.lines = fields.lines;
    // Each by name (a loop over the names costs a megamorphic lookup a field, ten thousand rows a listing).
    if (fields.command !== undefined && fields.command !== "") output.command = fields.command;
    if (fields.label !== undefined && fields.label !== "") output.label = fields.label;
    if (fields.parent_command !== undefined && fields.parent_command !== "") output.parent_command = fields.parent_command;
    if (fields.tool !== undefined && fields.tool !== "") output.tool = fields.tool;
    if (fields.exit_code !== undefined) output.exit_code = fields.exit_code;
    if (fields.signal !== undefined && fields.signal !== "") output.signal = fields.signal;
    if (fields.not_saved_bytes) output.not_saved_bytes = fields.not_saved_bytes;
    if (fields.text_not_saved_bytes) output.text_not_saved_bytes = fields.text_not_saved_bytes;
    if (typeof fields.output_held_ms === "number") output.output_held_ms = fields.output_held_ms;
    if (output.status === "stored") {
      const warning = changedSince(fields, entry, prefix);
      if (warning !== undefined) output.warning = warning;
    }
  } catch {
    output.status = fs.existsSync(`${prefix}${entry.id}.json`) ? "damaged" : "being-written";
  }
  return output;
}

/**
 * What differs between a stored output's files as listed and its record (sizes and modification times, as read checks
 * them on every page), as a warning; undefined when nothing does, or when the record does not say.
 */
function changedSince(fields: Partial<SpillRecord>, entry: ListingEntry, prefix: string): string | undefined {
  if (typeof fields.size !== "number" || typeof fields.created !== "string" || entry.data === undefined) return undefined;
  const textPath = `${prefix}${entry.id}.text`;
  const data = { path: prefix + entry.id, size: entry.data, modifiedMs: entry.dataModified ?? 0 };
  const text = entry.text === undefined ? undefined : { path: textPath, size: entry.text, modifiedMs: entry.textModified ?? 0 };
  const differences = describeDifferences(fields as SpillRecord, data, text, textPath);
  return differences.length > 0 ? changedWarning(entry.id, differences) : undefined;
}

/**
 * The store's outputs, newest first, one at a time: each output's files are looked at when its row is asked
 * for (one reused buffer for the record heads), so memory holds the sorted ids and one row. A stored output
 * costs one record read and a stat of its data (its size and time as they are now, against the record's).
 */
export function* streamOutputs(store: SpillStore, files: StoreFiles = STORE_FILES): Generator<ListedOutput> {
  store.verify();
  const head = Buffer.allocUnsafe(RECORD_HEAD_BYTES);
  const prefix = storePrefix(store);
  let parsed: { id: string; fields?: Partial<SpillRecord>; error?: Error } | undefined;
  const record = (entry: ListingEntry): Partial<SpillRecord> => {
    if (parsed?.id !== entry.id) {
      try {
        parsed = { id: entry.id, fields: parseRecordHead(`${prefix}${entry.id}.json`, head, entry.recordHead) };
      } catch (error) {
        parsed = { id: entry.id, error: error as Error };
      }
    }
    if (parsed.error) throw parsed.error;
    return parsed.fields!;
  };
  for (const entry of streamInventory(store, head, files)) yield describeEntry(entry, prefix, () => record(entry));
}

/** The store's outputs, newest first. */
export function listOutputs(store: SpillStore): ListedOutput[] {
  return [...streamOutputs(store)];
}

/** An age for a table: "12s", "5m", "3h", "9d". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

const oneLine = (text: string): string => text.replace(/[\x00-\x1f\x7f]+/g, " ").trim();

/** What produced an output: its label, command, the piping shell's command line, or its tool. */
function describeSource(output: ListedOutput): string {
  switch (output.status) {
    case "being-written":
      return "(being written)";
    case "damaged":
      return "(damaged: record or data missing)";
    case "stored":
      return oneLine(output.label ?? output.command ?? output.parent_command ?? (output.tool !== undefined ? `[${output.tool}]` : "-"));
    default: {
      const never: never = output.status;
      return never;
    }
  }
}

/** Column widths: fixed, so that rows can be written as they come. */
const WIDTHS = [31, 18, 10, 4, 7] as const; // EXIT: a status, or the signal that ended the command (SIGTERM)
const HEADER = ["ID", "SIZE", "LINES", "AGE", "EXIT", "COMMAND"] as const;

/** The cells as one line: the first padded on the right, the last as it is, the rest on the left. */
function renderRow(first: string, middle: readonly [string, string, string, string], last: string): string {
  return `${first.padEnd(WIDTHS[0])}  ${middle[0].padStart(WIDTHS[1])}  ${middle[1].padStart(WIDTHS[2])}  ${middle[2].padStart(WIDTHS[3])}  ${middle[3].padStart(WIDTHS[4])}  ${last}`;
}

/** The table's header line. */
export const LISTING_HEADER = `${renderRow(HEADER[0], [HEADER[1], HEADER[2], HEADER[3], HEADER[4]], HEADER[5])}\n`;

/** One output as a table row (SIZE counts every file of the output, as the quota does; AGE from its id's time). */
export function formatListingRow(output: ListedOutput, now: number): string {
  const exit = output.exit_code === undefined || output.exit_code === null ? (output.signal ?? "-") : String(output.exit_code);
  const size = `${formatSize(output.disk_bytes)}${output.warning !== undefined ? " (changed)" : output.not_saved_bytes || output.text_not_saved_bytes ? " (capped)" : ""}`;
  return `${renderRow(output.id, [size, output.lines === undefined ? "-" : String(output.lines), formatAge(now - idTime(output.id)), exit], describeSource(output))}\n`;
}

/** The total line under the table. */
export function formatListingTotal(count: number, diskBytes: number, dir: string): string {
  return `${count} output${count === 1 ? "" : "s"}, ${formatSize(diskBytes)} on disk in ${dir} (what the quota counts)\n`;
}

/** A whole table, newest first, then a total line (for callers that hold the list). */
export function formatListing(outputs: readonly ListedOutput[], dir: string, now: number): string {
  if (outputs.length === 0) return `No stored outputs in ${dir}\n`;
  const total = outputs.reduce((sum, output) => sum + output.disk_bytes, 0);
  return `${LISTING_HEADER}${outputs.map((output) => formatListingRow(output, now)).join("")}${formatListingTotal(outputs.length, total, dir)}`;
}
