// The text of the salient section: a note under the main marker, a marker for each gap, numbered lines.

/** How a kept middle line is shown: `L<number>: <text>`, so `sed -n 'Np'` and `correx read ID --offset N` reach it. */
export function numberLine(number: number, text: string): string {
  return `L${number}: ${text}`;
}

/** The marker that stands for one gap between kept lines. */
export function formatGap(fromLine: number, toLine: number): string {
  return fromLine === toLine ? `[... line ${fromLine} omitted ...]` : `[... lines ${fromLine}-${toLine} omitted ...]`;
}

/** The line under the main marker: how many middle lines follow and, when one dominates, what the rest mostly was. */
export function formatSalientNote(keptLines: number, summary: string | undefined): string {
  const kept = `${keptLines} salient ${keptLines === 1 ? "line of the omitted range follows" : "lines of the omitted range follow"} as L<line>: <text>`;
  return summary === undefined ? `[${kept}]` : `[${kept}; the omitted lines, ${summary}]`;
}

/** The note that stands for a folded run of near-duplicates: how many, like which lines, and their true range. */
export function formatLikeNote(count: number, likeAbove: boolean, fromLine: number, toLine: number): string {
  const like = likeAbove ? "the line above" : "those above";
  return `[... ${count} more ${count === 1 ? "line" : "lines"} like ${like} (lines ${fromLine}-${toLine}) ...]`;
}
