// `correx ls`: the stored outputs, newest first, with what produced them and how it ended.
import * as fs from "node:fs";
import { formatSize } from "../text/magic.js";
import { takeInventory } from "./inventory.js";
import type { SpillStore } from "./store.js";

/** One output as `ls` shows it. */
export interface ListedOutput {
  id: string;
  /** "stored": complete; "being-written": data without a record yet; "damaged": a record that cannot be read, or no data. */
  status: "stored" | "being-written" | "damaged";
  /** Creation time from the id, ISO 8601. */
  created: string;
  /** Bytes saved (the data file). */
  size: number;
  path: string;
  lines?: number;
  command?: string;
  tool?: string;
  exit_code?: number | null;
  /** Bytes the per-output cap kept out of the file. */
  not_saved_bytes?: number;
}

/** The store's outputs, newest first; records are read whole (they are atomic, never half-written). */
export function listOutputs(store: SpillStore): ListedOutput[] {
  store.verify();
  return takeInventory(store).entries.reverse().map((entry) => {
    const base = { id: entry.id, created: new Date(entry.created).toISOString(), size: entry.data?.bytes ?? 0, path: store.dataPath(entry.id) };
    if (!entry.record) return { ...base, status: "being-written" as const };
    try {
      const record = store.readRecord(entry.id);
      return {
        ...base, status: entry.data ? ("stored" as const) : ("damaged" as const), lines: record.lines,
        ...(record.command !== undefined ? { command: record.command } : {}), ...(record.tool !== undefined ? { tool: record.tool } : {}),
        ...(record.exit_code !== undefined ? { exit_code: record.exit_code } : {}),
        ...(record.not_saved_bytes ? { not_saved_bytes: record.not_saved_bytes } : {}),
      };
    } catch {
      return { ...base, status: fs.existsSync(store.recordPath(entry.id)) ? ("damaged" as const) : ("being-written" as const) };
    }
  });
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

function describeSource(output: ListedOutput): string {
  switch (output.status) {
    case "being-written":
      return "(being written)";
    case "damaged":
      return "(damaged: record or data missing)";
    case "stored":
      return oneLine(output.command ?? (output.tool !== undefined ? `[${output.tool}]` : "-"));
    default: {
      const never: never = output.status;
      return never;
    }
  }
}

/** A plain table, newest first, then a total line; aligned columns, the command last so it may run long. */
export function formatListing(outputs: readonly ListedOutput[], dir: string, now: number): string {
  if (outputs.length === 0) return `No stored outputs in ${dir}\n`;
  const rows = outputs.map((output) => [
    output.id,
    `${formatSize(output.size)}${output.not_saved_bytes ? " (capped)" : ""}`,
    output.lines === undefined ? "-" : String(output.lines),
    formatAge(now - Date.parse(output.created)),
    output.exit_code === undefined || output.exit_code === null ? "-" : String(output.exit_code),
    describeSource(output),
  ]);
  const header = ["ID", "SIZE", "LINES", "AGE", "EXIT", "COMMAND"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const alignRight = [false, true, true, true, true, false];
  const render = (row: readonly string[]): string =>
    row.map((cell, column) => (column === row.length - 1 ? cell : alignRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join("  ");
  const total = outputs.reduce((sum, output) => sum + output.size, 0);
  const count = `${outputs.length} output${outputs.length === 1 ? "" : "s"}`;
  return `${[header, ...rows].map(render).join("\n")}\n${count}, ${formatSize(total)} in ${dir}\n`;
}
