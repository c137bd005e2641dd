// The scores the fold worked out for the lines of a cut's window, looked up when the scanner reads the same lines.
// A cut of a whole output folds near-duplicates first (near-fold.ts reads every line a cut can show for what is
// salient), then scans the window's middle for salient groups (scanner.ts): the middle lines were scored twice,
// each with the needle expression and the rules' few regular expressions, interpreted at the end of an output
// (issue 16). The memo lives for one cut (compose.ts clears it when the cut is done), holds only lines of the
// window (which the window holds anyway) and at most MAX_LINES of them.

/** What the memo holds for a line no needle is in (prefilter.ts's mayBeSalient is false: it is never scored). */
export const NO_NEEDLE = -1;

/** Most lines remembered for one cut (a window's lines: a 1 MiB ring of short lines holds tens of thousands). */
const MAX_LINES = 65_536;

const known = new Map<string, number>();

/** The score remembered for a line of text (NO_NEEDLE when no needle is in it); undefined when none is. */
export function knownScore(text: string): number | undefined {
  return known.size === 0 ? undefined : known.get(text);
}

/** Remembers a line's score (or NO_NEEDLE) for the rest of the cut. */
export function rememberScore(text: string, score: number): void {
  if (known.size < MAX_LINES) known.set(text, score);
}

/** Forgets every score: the cut is done (the next output's lines are another window's). */
export function forgetScores(): void {
  known.clear();
}
