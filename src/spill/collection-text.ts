// The text and JSON `correx gc` writes: each removal, then what was removed and kept against the limits.
import { assertNever } from "../errors.js";
import { formatSize } from "../text/magic.js";
import type { CollectionReport, PlannedRemoval } from "./lifecycle.js";
import { describeDuration, type StoreSettings } from "./settings.js";
import { formatTime } from "./tombstones.js";

function describeReason(removal: PlannedRemoval): string {
  switch (removal.reason) {
    case "expired":
      return `expired (older than ${removal.detail})`;
    case "quota":
      return `over the quota (${removal.detail})`;
    case "orphan":
      return `orphan (${removal.detail})`;
    default:
      return assertNever(removal.reason, "removal reason");
  }
}

const REASON_LABELS: Record<PlannedRemoval["reason"], string> = { expired: "expired", quota: "over the quota", orphan: "orphaned" };

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

/** One line per removal, then a summary: removed (or would remove) and kept, against the quota. */
export function formatCollectionText(report: CollectionReport, settings: StoreSettings, dir: string): string {
  const verb = report.dryRun ? "would remove" : "removed";
  const lines = report.removals.map((removal) => `${verb} ${removal.id}  ${formatSize(removal.bytes)}  created ${formatTime(new Date(removal.created).toISOString())}  ${describeReason(removal)}`);
  const removedBytes = report.removals.reduce((sum, removal) => sum + removal.bytes, 0);
  const counts = (Object.keys(REASON_LABELS) as PlannedRemoval["reason"][])
    .map((reason) => [report.removals.filter((removal) => removal.reason === reason).length, REASON_LABELS[reason]] as const)
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count} ${label}`);
  const summary =
    report.removals.length === 0
      ? `Nothing to remove in ${dir}.`
      : `${report.dryRun ? "Would remove" : "Removed"} ${plural(report.removals.length, "output")} (${formatSize(removedBytes)}): ${counts.join(", ")}.`;
  const { unfinished } = report;
  // over the quota only when outputs being written (or just left by a crash) hold it: say so, or it reads as a bug
  const why = report.kept.bytes > settings.quotaBytes && unfinished.outputs > 0
    ? `; ${formatSize(unfinished.bytes)} of it in ${plural(unfinished.outputs, "output")} still being written or left unfinished less than an hour ago, kept until they are done or an hour old`
    : "";
  const kept = `Kept ${plural(report.kept.outputs, "output")} (${formatSize(report.kept.bytes)} of the ${formatSize(settings.quotaBytes)} quota${why}; retention ${describeDuration(settings.maxAgeMs)}).`;
  const extras = [
    ...(report.staleTemporaries.length > 0 ? [`${report.dryRun ? "Would remove" : "Removed"} ${plural(report.staleTemporaries.length, "stale temporary file")}.`] : []),
    ...(report.tombstonesExpired > 0 ? [`${report.dryRun ? "Would forget" : "Forgot"} ${plural(report.tombstonesExpired, "tombstone")} older than 30 days.`] : []),
  ];
  return `${[...lines, summary, kept, ...extras].join("\n")}\n`;
}

/** The same report as JSON (snake_case like the payload meta). */
export function formatCollectionJson(report: CollectionReport, settings: StoreSettings, dir: string): string {
  return `${JSON.stringify({
    dir,
    dry_run: report.dryRun,
    settings: { max_age_ms: settings.maxAgeMs, quota_bytes: settings.quotaBytes },
    removed: report.removals.map((removal) => ({ id: removal.id, reason: removal.reason, size: removal.bytes, created: new Date(removal.created).toISOString(), detail: removal.detail })),
    removed_bytes: report.removals.reduce((sum, removal) => sum + removal.bytes, 0),
    kept: report.kept,
    unfinished: report.unfinished,
    stale_temporaries: report.staleTemporaries.length,
    tombstones_expired: report.tombstonesExpired,
  })}\n`;
}
