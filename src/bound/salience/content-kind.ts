// Outputs whose content lines are data, not diagnostics: a diff, a git log, a JSON document, grep -n matches.

/** What the start of an output says it is; "log" is everything that is scored. */
export type ContentKind = "log" | "diff" | "git-log" | "json" | "grep";

/** grep -rn's match line, `path:N:` (a path holds `.` or `/`; it ends at the first `:`). */
const GREP_MATCH = /^([^\s:]*[./][^\s:]*):(\d+):/;
/** grep -n's lines on one file: `N:` for a match, `N-` for a context line. */
const GREP_NUMBERED = /^(\d+)([:-])/;
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

/**
 * True when the lines are consistently grep -n's (4 in 5, at least 3 lines): match lines `path:N:` (not a checker's
 * diagnostic), context lines `path-N-` only with the path of a match line among them (a path's own `-N-`, a build
 * directory `build-2-x86_64/`, a test directory `tests/test-1-unit/`, a date `logs/2026-12-04/`, is no context line
 * of a path before it), `--` between grep's groups; or, on one file, `N:` and `N-` lines whose numbers only grow. At
 * least one line is a match.
 */
function looksLikeGrep(lines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  const paths = new Set<string>();
  for (const line of lines) {
    const match = GREP_MATCH.exec(line);
    if (match && !DIAGNOSTIC.test(line)) paths.add(match[1]!);
  }
  let matching = 0;
  let matches = paths.size;
  let previous = 0;
  let growing = true;
  for (const line of lines) {
    if (line === "--") matching += 1;
    else if (paths.size > 0) matching += isPathLine(line, paths) ? 1 : 0;
    else {
      const numbered = GREP_NUMBERED.exec(line);
      if (!numbered) continue;
      const number = Number(numbered[1]);
      if (number <= previous) growing = false;
      previous = number;
      matching += 1;
      if (numbered[2] === ":") matches += 1;
    }
  }
  return matches > 0 && matching >= Math.ceil(lines.length * 0.8) && growing;
}

/** A match line `path:N:` or a context line `path-N-` of one of grep's match paths. */
function isPathLine(line: string, paths: ReadonlySet<string>): boolean {
  const match = GREP_MATCH.exec(line);
  if (match) return paths.has(match[1]!);
  for (let dash = line.indexOf("-"); dash > 0; dash = line.indexOf("-", dash + 1)) {
    if (!paths.has(line.slice(0, dash))) continue;
    let end = dash + 1;
    while (end < line.length && line.charCodeAt(end) >= 48 && line.charCodeAt(end) <= 57) end += 1;
    if (end > dash + 1 && line[end] === "-") return true;
  }
  return false;
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
