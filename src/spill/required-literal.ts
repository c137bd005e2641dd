// The longest run of plain characters every match of an RE2 pattern must contain ("ECONN" in `ECONN[A-Z]+`).
// Lets a search skip the lines that cannot match with a byte search and run the regular expression only on the
// few that can. Conservative: when in doubt (a top-level `|`, inline flags), there is none.

const ESCAPED_LITERALS = new Set([..."\\.+*?()|[]{}^$/-#&~,:;<>=!@%'\"` "]);

/** Skips a class starting at `start` (a "["); returns the index after it, or -1 when unbalanced. */
function skipClass(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === "^") index += 1;
  if (pattern[index] === "]") index += 1; // a leading "]" is literal
  for (; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === "\\") {
      index += 1;
    } else if (char === "[" && pattern[index + 1] === ":") {
      const end = pattern.indexOf(":]", index + 2);
      if (end === -1) return -1;
      index = end + 1;
    } else if (char === "]") {
      return index + 1;
    }
  }
  return -1;
}

/** Skips a group starting at `start` (a "("); returns the index after it, or -1 when unbalanced. */
function skipGroup(pattern: string, start: number): number {
  let depth = 0;
  for (let index = start; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === "\\") {
      index += 1;
    } else if (char === "[") {
      const end = skipClass(pattern, index);
      if (end === -1) return -1;
      index = end - 1;
    } else if (char === "(") {
      depth += 1;
    } else if (char === ")") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Where an escape other than escaped punctuation ends: past its argument (\x41, \x{2028}, \pL, \p{Greek}, \123), which is no literal. */
function escapeEnd(pattern: string, start: number): number {
  const argument = /^\\(?:[xpP]\{[^}]*\}|x[0-9a-fA-F]{0,2}|[pP].|[0-7]{1,3})/.exec(pattern.slice(start));
  return start + (argument ? argument[0].length : 2);
}

/** Where a quantifier at `index` ends and whether it allows zero repetitions; undefined when there is none. */
function readQuantifier(pattern: string, index: number): { end: number; optional: boolean } | undefined {
  const char = pattern[index];
  let end: number;
  let optional: boolean;
  if (char === "*" || char === "?") [end, optional] = [index + 1, true];
  else if (char === "+") [end, optional] = [index + 1, false];
  else if (char === "{") {
    const match = /^\{(\d*)(,\d*)?\}/.exec(pattern.slice(index));
    if (!match) return undefined; // a literal "{"
    [end, optional] = [index + match[0].length, match[1] === "" || Number(match[1]) === 0];
  } else return undefined;
  if (pattern[end] === "?") end += 1; // non-greedy
  return { end, optional };
}

/**
 * A string that every match of `pattern` (RE2 syntax, no inline flags) contains, or undefined. Runs of plain
 * characters and escaped punctuation count; groups, classes, anchors, `.` and a top-level `|` end a run.
 */
export function requiredLiteral(pattern: string): string | undefined {
  if (pattern.includes("(?") || pattern.includes("\\Q")) return undefined; // inline flags, quoting: keep it simple
  let best = "";
  let run = "";
  const endRun = (): void => {
    if (run.length > best.length) best = run;
    run = "";
  };
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index]!;
    let atom: string | undefined; // the literal character this atom stands for, if it is one
    let next: number;
    if (char === "|") return undefined;
    if (char === "\\") {
      const escaped = pattern[index + 1];
      if (escaped === undefined) return undefined;
      atom = ESCAPED_LITERALS.has(escaped) ? escaped : undefined;
      next = atom === undefined ? escapeEnd(pattern, index) : index + 2;
    } else if (char === "(" || char === "[") {
      next = char === "(" ? skipGroup(pattern, index) : skipClass(pattern, index);
      if (next === -1) return undefined;
    } else if (char === "." || char === "^" || char === "$" || char === "*" || char === "+" || char === "?" || char === ")" || char === "]") {
      next = index + 1;
    } else if (char === "{" && readQuantifier(pattern, index)) {
      next = readQuantifier(pattern, index)!.end;
    } else {
      atom = char;
      next = index + 1;
    }
    const quantifier = readQuantifier(pattern, next);
    if (atom === undefined) {
      endRun();
    } else if (!quantifier) {
      run += atom;
    } else if (quantifier.optional) {
      endRun();
    } else {
      run += atom;
      endRun();
    }
    index = quantifier ? quantifier.end : next;
  }
  endRun();
  return best.length > 0 ? best : undefined;
}
