// Outputs whose content lines are data, not diagnostics: a diff, a git log, a JSON document, grep -n matches.

/** What the start of an output says it is; "log" is everything that is scored (of grep's, only the tool's own messages). */
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
 * True when the lines are consistently grep's or ripgrep's (4 in 5, at least 3 lines): with line numbers and paths
 * (`grep -rn`, `rg -n` in a pipe), without line numbers (`grep -r`, `rg` in a pipe), or with line numbers only (grep -n
 * on one file, `rg --heading`, a terminal's default, with each file's path on a line of its own).
 */
function looksLikeGrep(lines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  const needed = Math.ceil(lines.length * 0.8);
  return numberedPaths(lines, needed) || plainPaths(lines, needed) || numberedLines(lines, needed);
}

/**
 * Match lines `path:N:` (not a checker's diagnostic), context lines `path-N-` only with the path of a match line among
 * them (a path's own `-N-`, a build directory `build-2-x86_64/`, a test directory `tests/test-1-unit/`, a date
 * `logs/2026-12-04/`, is no context line of a path before it), `--` between grep's groups. At least one line is a
 * match, or the lines open with a run of context lines of one file (`grep -rn -B 25`: its first match is further
 * down): each the line after the one above it, of a path ending in a file's extension (`src/a.py-12-`, `src/a.py-13-`).
 */
function numberedPaths(lines: readonly string[], needed: number): boolean {
  const paths = new Set<string>();
  for (const line of lines) {
    const match = GREP_MATCH.exec(line);
    if (match && !DIAGNOSTIC.test(line)) paths.add(match[1]!);
  }
  if (paths.size === 0) return contextRun(lines) >= needed;
  let matching = 0;
  for (const line of lines) matching += line === "--" || isPathLine(line, paths) ? 1 : 0;
  return matching >= needed;
}

/** A match line `path:N:` or a context line `path-N-` of one of grep's match paths. */
function isPathLine(line: string, paths: ReadonlySet<string>): boolean {
  const match = GREP_MATCH.exec(line);
  if (match) return paths.has(match[1]!);
  for (let dash = line.indexOf("-"); dash > 0; dash = line.indexOf("-", dash + 1)) {
    if (paths.has(line.slice(0, dash)) && contextNumber(line, dash) !== undefined) return true;
  }
  return false;
}

/** The N of a context line `path-N-` whose path ends at `dash`, if the line is one there. */
function contextNumber(line: string, dash: number): number | undefined {
  let end = dash + 1;
  while (end < line.length && line.charCodeAt(end) >= 48 && line.charCodeAt(end) <= 57) end += 1;
  return end > dash + 1 && line[end] === "-" ? Number(line.slice(dash + 1, end)) : undefined;
}

/** A file's path as grep's context lines open with it: a file's extension at its end. */
const FILE_PATH = /^[^\s:]*\.[A-Za-z0-9]{1,8}$/;

/** How many lines, from the first, are context lines `path-N-` of one file, each numbered one more than the one above. */
function contextRun(lines: readonly string[]): number {
  let path: string | undefined;
  let next = 0;
  let run = 0;
  for (const line of lines) {
    let found = false;
    for (let dash = line.indexOf("-"); dash > 0 && !found; dash = line.indexOf("-", dash + 1)) {
      const candidate = line.slice(0, dash);
      const number = contextNumber(line, dash);
      if (number === undefined || !FILE_PATH.test(candidate)) continue;
      if (path === undefined || (candidate === path && number === next)) found = true;
      if (found) [path, next] = [candidate, number + 1];
    }
    if (!found) return run;
    run += 1;
  }
  return run;
}

/**
 * grep -r's and rg's match line without a line number (a pipe's default), `path:text`, the file's own line after the
 * colon: a path with a directory (a logger's `ledger.api:` is none), no line number after it, nor pytest's `::`, nor
 * one space and a word as a program's message has it (`/usr/bin/ld: cannot find -lm`, gcc's `src/a.c: In function`,
 * sha256sum's `./a.tar: OK`, bash's `./a.sh: line 5: …`): a file's line there opens with no space or an indent.
 */
const GREP_PLAIN = /^([^\s:]*\/[^\s:]*):(?!\d+[:-]|:| \S)/;

/**
 * Match lines `path:text` (a path on two of them at least: a listing names each path once), context lines
 * `path-text` of those paths (`grep -r -C1`), `--` between groups.
 */
function plainPaths(lines: readonly string[], needed: number): boolean {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const match = GREP_PLAIN.exec(line);
    if (match && !DIAGNOSTIC.test(line)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  if (![...counts.values()].some((count) => count >= 2)) return false;
  const ofPath = (line: string): boolean => [...counts.keys()].some((path) => line.startsWith(path) && (line[path.length] === ":" || line[path.length] === "-"));
  return lines.filter((line) => line === "--" || (ofPath(line) && !DIAGNOSTIC.test(line))).length >= needed;
}

/** rg --heading's file line: a path alone on its line (a letter in it), a numbered line under it. */
const HEADING = /^(?=[^\s:]*[A-Za-z])[^\s:]*[./][^\s:]*$/;

/**
 * Lines `N:` (a match) and `N-` (a context line) whose numbers only grow, `--` between groups: grep -n on one file;
 * with rg --heading, each file's lines under its path, the numbers growing again from there. At least one match.
 */
function numberedLines(lines: readonly string[], needed: number): boolean {
  let matching = 0;
  let matches = 0;
  let previous = 0;
  for (const [index, line] of lines.entries()) {
    // Under rg's headings, each file's path is one of its lines (a numbered line under it), its numbers start again.
    const heading = HEADING.test(line) && GREP_NUMBERED.test(lines[index + 1] ?? "");
    if (line === "--" || heading) {
      matching += 1;
      if (heading) previous = 0;
      continue;
    }
    const numbered = GREP_NUMBERED.exec(line);
    if (!numbered) continue;
    const number = Number(numbered[1]);
    if (number <= previous) return false;
    previous = number;
    matching += 1;
    if (numbered[2] === ":") matches += 1;
  }
  return matches > 0 && matching >= needed;
}

/**
 * A line of grep's or ripgrep's own output: `path:N:`, `path-N-`, `path:text`, `path-text`, `N:`, `N-`, `--`, or a
 * path alone (rg's heading). What else a search prints is the tool's own message, scored: `grep: src/x: Permission
 * denied`, rg's `src/x: IO error for operation on src/x: Permission denied (os error 13)`.
 */
const SEARCH_LINE = /^(?:[^\s:]*[./][^\s:]*[:-](?! \S)|\d+[:-]|--$|\S+$)/;

/** True when a line of grep's kind of output is one of its matches or context lines, not the tool's own message. */
export function isSearchLine(line: string): boolean {
  return SEARCH_LINE.test(line);
}

/** True for a line whose kind of output is scored: any line of a log's; of grep's, its tool's own messages only. */
export function isScoredLine(kind: ContentKind, line: string): boolean {
  return kind === "log" || (kind === "grep" && !isSearchLine(line));
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
