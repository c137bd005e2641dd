// What glob and grep share: the result cap and the note that says how many results were left out.

/** Most results (paths or matches) a glob or grep result shows, as in opencode. */
export const MAX_RESULTS = 100;

/** Shown when nothing matched, by glob and grep alike (opencode's wording). */
export const NO_FILES_FOUND = "No files found";

/** The note under a capped list: how many of how many are shown, and how to narrow the search. */
export function describeHiddenResults(shown: number, total: number, noun: "results" | "matches"): string {
  return `(Results truncated: showing ${shown} of ${total} ${noun} (${total - shown} hidden). Consider using a more specific path or pattern.)`;
}
