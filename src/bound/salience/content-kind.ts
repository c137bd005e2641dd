// Outputs whose content lines are data, not diagnostics: a diff, a git log, a JSON document, grep -n matches.

/** What the start of an output says it is; "log" is everything that is scored. */
export type ContentKind = "log" | "diff" | "git-log" | "json" | "grep";

/** `path:N:` (grep -rn) or `N:` (grep -n on one file), `-` for context lines. */
const GREP_LINE = /^(?:([^\s:]*[./][^\s:]*)[:-])?(\d+)[:-]/;
/**
 * A checker's diagnostic, which grep never prints: a column and `: ` after the line (gcc, eslint's unix format,
 * flake8, go vet: `src/a.js:22:35: 'x' is not defined. [Error/no-undef]`), a severity after it (mypy's
 * `app.py:12: error: …`), or one space and a message that opens with a capitalized word (a config checker's:
 * systemd's `units/a.service:7: Unknown key 'MemoryZSwapMax' in section [Service], ignoring.`; a line grep prints is
 * the file's own, which seldom opens with one space before such a word); eslint's compact format (`src/a.js: line 22,
 * col 35, Warning - …`), whose path, `/tmp/x/eslint-compact-3-errors/src/a.js`, grep's context line `path-N-` matched.
 */
const DIAGNOSTIC = /^[^\s:]+(?::\d+(?::\d+: |: (?:error|warning|note|fatal error)\b|: [A-Z][a-z]+ \S)|: line \d+, col \d+, (?:Error|Warning) - )/;

/**
 * A commit per line: `git log --oneline` (with `--graph`'s `* ` and `--decorate`'s `(HEAD -> main)`), `git reflog`
 * (`a03babe HEAD@{0}: rebase (finish): …`); their subjects name errors they fixed (`ec2de9f salience: … ENOSPC`).
 */
const ONELINE_COMMIT = /^[*|/\\ ]*[0-9a-f]{7,40} \S/;

/** True when the first line and most of the others (4 in 5, at least 3 lines) name a commit each. */
function looksLikeOnelineLog(lines: readonly string[]): boolean {
  if (lines.length < 3 || !ONELINE_COMMIT.test(lines[0]!)) return false;
  return lines.filter((line) => ONELINE_COMMIT.test(line)).length >= Math.ceil(lines.length * 0.8);
}

/** True when most lines look like grep -n output: with a path, or with line numbers that only grow (not diagnostics). */
function looksLikeGrep(lines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  let matching = 0;
  let previous = 0;
  let growing = true;
  for (const line of lines) {
    const match = GREP_LINE.exec(line);
    if (!match || DIAGNOSTIC.test(line)) continue;
    matching += 1;
    if (match[1] === undefined) {
      const number = Number(match[2]);
      if (number <= previous) growing = false;
      previous = number;
    }
  }
  return matching >= Math.ceil(lines.length * 0.8) && growing;
}

/** Recognizes the kind of an output from its first lines (up to 20 are looked at). */
export function recognizeContent(firstLines: readonly string[]): ContentKind {
  const lines = firstLines.filter((line) => line.trim().length > 0).slice(0, 20);
  const first = lines[0]?.trim() ?? "";
  if (/^diff --git |^diff -|^Index: |^@@ -\d/.test(first) || (first.startsWith("--- ") && lines[1]?.startsWith("+++ "))) return "diff";
  if (/^commit [0-9a-f]{7,64}\b/.test(first) || looksLikeOnelineLog(lines)) return "git-log";
  if (first === "{" || first === "[" || first === "[{" || /^\{"[^"]*":\s*[[{]?$/.test(first)) return "json";
  if (looksLikeGrep(lines)) return "grep";
  return "log";
}
