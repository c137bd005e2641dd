// The leading commands of a line whose effect a child process inherits (`cd DIR`, `export NAME=VALUE`, `source
// VENV/bin/activate`, a `cd`/`pushd` quieted to /dev/null), read word by word where they end: shell-command.ts
// `planWrap` runs them as they are in the agent's shell and the rest under correx.

// One word of a leading command, read exactly where it ends: plain characters, quotes, `$NAME`, `${…}`, `\x`, and a
// command substitution holding one simple command of such words (`$(git rev-parse --show-toplevel)`). Anything else
// (a `(`, a `#`, a `$(` with a pipe or a `;` in it, a line continuation) is not read: no split.
const PLAIN = String.raw`[^\s'"\\$\`;&|<>(){}#]`;
const SINGLE_QUOTED = String.raw`'[^']*'`;
const ESCAPED = String.raw`\\[^\n]`;
const VARIABLE = String.raw`\$(?:[A-Za-z_]\w*|[0-9]|\{[^{}'"\\$\`]*\})`;
const DOUBLE_QUOTED_SIMPLE = String.raw`"(?:[^"\\$\`]|${ESCAPED}|${VARIABLE})*"`;
const SUBSTITUTION_WORD = String.raw`(?:${PLAIN}|${SINGLE_QUOTED}|${DOUBLE_QUOTED_SIMPLE}|${VARIABLE}|${ESCAPED})+`;
// its words apart by blanks, each read one way only: `(?:[ \t]*X+)*` would try every split of a word into pieces
// when the substitution turns out not to be read (a pipe, a `;`), 2^n tries for a word of n characters
const SUBSTITUTION = String.raw`\$\([ \t]*(?:${SUBSTITUTION_WORD}(?:[ \t]+${SUBSTITUTION_WORD})*)?[ \t]*\)`;
const DOUBLE_QUOTED = String.raw`"(?:[^"\\$\`]|${ESCAPED}|${VARIABLE}|${SUBSTITUTION})*"`;
const WORD = String.raw`(?:${PLAIN}|${SINGLE_QUOTED}|${DOUBLE_QUOTED}|${VARIABLE}|${SUBSTITUTION}|${ESCAPED})+`;
/**
 * The one redirection a leading command may carry: stdout, stderr or both to /dev/null (`>/dev/null`, `2>/dev/null`,
 * `&>/dev/null`, `>&/dev/null`, appending too), or `2>&1`. Any other (a file, `<`, a here-document, fd 3) is not read.
 */
const DISCARD = String.raw`(?:(?:[12]|&)?>>?[ \t]*/dev/null|>&[ \t]*/dev/null|2>&1)(?=[\s;&|]|$)`;
/** A leading command, its words and redirections, then `&&`, `;` or a new line, then blanks. */
const LEADING_COMMAND = new RegExp(String.raw`[ \t]*(cd|pushd|popd|export|source|\.)((?:[ \t]+(?:${DISCARD}|${WORD}))*)[ \t]*(&&(?!&)|;(?![;&])|\n)(?:\s|\\\n)*`, "y");
/** One word or redirection of a leading command: group 1 a redirection, group 2 a word. */
const LEADING_ARGUMENT = new RegExp(String.raw`[ \t]+(?:(${DISCARD})|(${WORD}))`, "y");

/**
 * Variables an export of which does not reach the wrapper's `bash -c` as it reaches the rest run in place: bash runs a
 * file first for BASH_ENV and ENV; it ignores or resets IFS, GLOBIGNORE, PS4, PWD, OLDPWD, SHLVL, OPTIND… from the
 * environment (`export IFS=, && printf '[%s]' $x` splits on commas in place, on blanks wrapped), and sets its own
 * dynamic ones (RANDOM, SECONDS, LINENO…). Any name starting with BASH is left with them.
 */
const STARTUP_VARIABLES = new Set([
  "ENV", "IFS", "GLOBIGNORE", "PS1", "PS2", "PS3", "PS4", "PWD", "OLDPWD", "SHLVL", "OPTIND", "OPTERR", "SHELLOPTS",
  "COMP_WORDBREAKS", "SECONDS", "RANDOM", "SRANDOM", "LINENO", "HISTCMD", "EPOCHSECONDS", "EPOCHREALTIME", "PPID",
  "UID", "EUID", "GROUPS", "DIRSTACK", "PIPESTATUS", "FUNCNAME", "HOSTNAME", "HOSTTYPE", "OSTYPE", "MACHTYPE",
]);

/**
 * True when an `export` word (as written) is one this split takes: `NAME`, `NAME=VALUE` or `NAME+=VALUE`, NAME an
 * identifier bash does not read at start-up, and a PATH assigned anew keeping `$PATH` (the wrapper is found on it).
 */
function isPlainExport(word: string): boolean {
  const match = /^([A-Za-z_]\w*)(?:(\+?=)([\s\S]*))?$/.exec(word);
  if (match === null || STARTUP_VARIABLES.has(match[1]!) || match[1]!.startsWith("BASH")) return false;
  if (match[1] === "PATH" && match[2] === "=") return /\$(?:PATH\b|\{PATH\})/.test(match[3]!.replace(/'[^']*'/g, ""));
  return true;
}

/** True when a `source`/`.` word (as written, quotes aside) names a virtual environment's `…/bin/activate`. */
function isActivateScript(word: string): boolean {
  return /(?:^|\/)bin\/activate$/.test(word.replace(/["']/g, ""));
}

/**
 * True when a leading command's effect on what follows reaches a child process too: a directory change (`cd`,
 * `pushd`, `popd`, any words), plain `export`s (inherited), a virtual environment's `bin/activate` sourced alone
 * (it exports PATH and VIRTUAL_ENV; its `deactivate` function is kept apart by SHELL_STATE_FUNCTIONS).
 */
function effectReachesChild(name: string, words: string[]): boolean {
  if (name === "export") return words.length > 0 && words.every(isPlainExport);
  if (name === "source" || name === ".") return words.length === 1 && isActivateScript(words[0]!);
  return true;
}

/** The words of a leading command's arguments, or undefined when they hold a redirection to anything else. */
function readLeadingArguments(text: string): string[] | undefined {
  const words: string[] = [];
  for (let index = 0; index < text.length; index = LEADING_ARGUMENT.lastIndex) {
    LEADING_ARGUMENT.lastIndex = index;
    const match = LEADING_ARGUMENT.exec(text);
    if (match === null) return undefined;
    if (match[2] !== undefined) words.push(match[2]);
  }
  return words;
}

/** The leading commands split off a line: their text, the rest, the last separator and the last command's name. */
export interface LeadingSplit {
  prefix: string;
  rest: string;
  separator: string;
  /** The name of the last leading command (`cd`, `export`, `source`, `.`…), for the reasons given. */
  last: string;
}

/**
 * The leading `cd … &&`, `export X=1 &&`, `source .venv/bin/activate &&`… commands of a line (`;` or a new line
 * for `&&` too) and the rest after them, or undefined when there are none.
 */
export function splitLeadingPrefix(line: string): LeadingSplit | undefined {
  let end = 0;
  let separator: string | undefined;
  let last = "";
  for (;;) {
    LEADING_COMMAND.lastIndex = end;
    const match = LEADING_COMMAND.exec(line);
    if (match === null) break;
    const words = readLeadingArguments(match[2]!);
    if (words === undefined || !effectReachesChild(match[1]!, words)) break;
    end = LEADING_COMMAND.lastIndex;
    separator = match[3]!;
    last = match[1]!;
  }
  if (separator === undefined) return undefined;
  return { prefix: line.slice(0, end), rest: line.slice(end), separator, last };
}
