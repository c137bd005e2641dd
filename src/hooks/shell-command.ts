// Reads just enough of a shell command line to decide whether wrapping it in `correx run` keeps its meaning.
// Errs towards leaving a command alone: a false "keep" costs a bounded output, a false "wrap" breaks a session.

/** Builtins whose effect is on the calling shell (directory, variables, options): lost inside a child process. */
const SHELL_STATE_BUILTINS = new Set([
  "cd", "pushd", "popd", "export", "unset", "set", "shopt", "source", ".", "alias", "unalias", "umask", "ulimit",
  "declare", "typeset", "readonly", "local", "eval", "exec", "trap", "hash", "enable", "bind", "dirs", "setopt",
  "unsetopt", "disown", "fg", "bg", "jobs", "wait",
]);

/**
 * Shell functions (no program of that name, or one that cannot change the shell) that switch the shell's
 * environment or directory: Node, Python, Ruby and Java version managers and environments, directory jumpers.
 * Claude Code's shell has them from the user's startup files (its shell snapshot); a `bash -c` under correx
 * has none, so `nvm use 20 && npm test` would end in "nvm: command not found".
 */
const SHELL_STATE_FUNCTIONS = new Set(["nvm", "conda", "mamba", "micromamba", "deactivate", "workon", "rvm", "chruby", "sdk", "z"]);

/** Words that only prefix the command they run. */
const PREFIX_WORDS = new Set(["time", "command", "builtin", "nohup", "!", "{", "(", "then", "do", "else", "if", "while", "until"]);

/** A simple command's first word and how deep in subshells it runs. */
export interface CommandWord {
  word: string;
  /**
   * How many subshells enclose it: `( … )`, `$( … )`, a backtick pair, `<( … )`. 0 is the calling shell itself; a
   * `cd` or `export` deeper ends with its subshell.
   */
  depth: number;
}

/** A list or pipeline operator of the calling shell (outside any subshell, quote or here-document body). */
export interface ListOperator {
  /** `&&`, `||`, `;`, a new line (`\n`, after the bodies of the here-documents it ends), `&` or `|` (`|&` too). */
  operator: string;
  /** The index just past it (past the here-document bodies for a new line that ends some). */
  end: number;
}

/** What a command line holds, as far as wrapping it is concerned. */
export interface CommandShape {
  /** The first word of each simple command, in order (after variable assignments and prefix words). */
  commandWords: string[];
  /** The same commands, each with its depth in subshells. */
  commands: CommandWord[];
  /** The operators between the calling shell's commands, in order. */
  listOperators: ListOperator[];
  /**
   * False when the subshells cannot be told for sure: a `)` with no `(`, one left open, or a `$(` or backtick inside
   * double quotes (where this reader does not follow them). Depths are then not to be trusted.
   */
  nestingReliable: boolean;
  /** A job is sent to the background with a lone `&`: a wrapper would wait for it. */
  backgroundJob: boolean;
  /** Quotes left open, or a trailing backslash: the line is not complete. */
  unbalanced: boolean;
}

/** A here-document waiting for its body: the lines after the line that opened it, up to its delimiter. */
interface PendingHeredoc {
  delimiter: string;
  /** `<<-`: the body's lines (and the delimiter's) may start with tabs. */
  stripTabs: boolean;
}

/**
 * Reads the delimiter word of a here-document at `start` (after `<<` or `<<-` and any blanks): the word with its
 * quotes taken away, and the index of its last character. Undefined when there is no word.
 */
function readHeredocDelimiter(line: string, start: number): { delimiter: string; end: number } | undefined {
  let index = start;
  while (line[index] === " " || line[index] === "\t") index += 1;
  let delimiter = "";
  let quote: string | undefined;
  for (; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else delimiter += char;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === "\\" && index + 1 < line.length) {
      index += 1;
      delimiter += line[index]!;
    } else if (/[\s;&|<>()]/.test(char)) {
      break;
    } else {
      delimiter += char;
    }
  }
  return delimiter === "" || quote !== undefined ? undefined : { delimiter, end: index - 1 };
}

/**
 * The index of the newline that ends the body of each here-document, read from the line after `newline`; the end
 * of the line when a delimiter never comes (bash takes the rest as the body).
 */
function skipHeredocBodies(line: string, newline: number, pending: PendingHeredoc[]): number {
  let lineStart = newline + 1;
  for (const heredoc of pending) {
    for (;;) {
      if (lineStart >= line.length) return line.length;
      const lineEnd = line.indexOf("\n", lineStart) === -1 ? line.length : line.indexOf("\n", lineStart);
      const text = line.slice(lineStart, lineEnd);
      lineStart = lineEnd + 1;
      if ((heredoc.stripTabs ? text.replace(/^\t+/, "") : text) === heredoc.delimiter) break;
    }
  }
  return lineStart - 1;
}

/** The index of the `)` that closes the `((` at `open` (parentheses inside counted), or -1 when none does. */
function arithmeticEnd(line: string, open: number): number {
  let depth = 0;
  for (let index = open; index < line.length; index += 1) {
    if (line[index] === "(") depth += 1;
    else if (line[index] === ")" && --depth === 0) return index;
  }
  return -1;
}

/**
 * Splits a command line at its unquoted separators and reads the first word of each simple command. The body of a
 * here-document is data, not commands: it is skipped (a `cd`, an `export` or a lone `'` in a file written with
 * `cat > FILE <<'EOF'` is not the shell's).
 */
export function readCommandShape(line: string): CommandShape {
  const commandWords: string[] = [];
  const commands: CommandWord[] = [];
  const listOperators: ListOperator[] = [];
  let backgroundJob = false;
  let nestingReliable = true;
  let word = "";
  let wordsInCommand = 0;
  let quote: "'" | '"' | undefined;
  let heredocs: PendingHeredoc[] = [];
  let depth = 0;
  let inBackticks = false;
  const shape = (unbalanced: boolean): CommandShape => ({
    commandWords, commands, listOperators, backgroundJob, unbalanced,
    nestingReliable: nestingReliable && !unbalanced && depth === 0 && !inBackticks,
  });
  const endWord = (): void => {
    if (word === "") return;
    if (wordsInCommand === 0 && !/^[A-Za-z_]\w*=/.test(word) && !PREFIX_WORDS.has(word)) {
      commandWords.push(word);
      commands.push({ word, depth: depth + (inBackticks ? 1 : 0) });
      wordsInCommand = 1;
    }
    word = "";
  };
  const endCommand = (): void => {
    endWord();
    wordsInCommand = 0;
  };
  const addOperator = (operator: string, end: number): void => {
    if (depth === 0 && !inBackticks) listOperators.push({ operator, end });
  };
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (char === "\\") {
      if (index + 1 >= line.length) return shape(true);
      word += line[index + 1]!;
      index += 1;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
      // a command substitution inside double quotes is not followed here: its quotes would be misread
      if (char === "`" || (char === "$" && line[index + 1] === "(")) nestingReliable = false;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if ((char === "(" && line[index + 1] === "(") || (char === "$" && line.startsWith("((", index + 1))) {
      // arithmetic, `((…))` or `$((…))`: no commands inside, and `<<` there is a shift, not a here-document
      const close = arithmeticEnd(line, char === "$" ? index + 1 : index);
      if (close === -1) break;
      word += line.slice(index, close + 1);
      index = close;
    } else if (char === "<" && line[index + 1] === "<" && line[index + 2] !== "<") {
      const stripTabs = line[index + 2] === "-";
      const heredoc = readHeredocDelimiter(line, index + (stripTabs ? 3 : 2));
      endWord();
      if (heredoc !== undefined) {
        heredocs.push({ delimiter: heredoc.delimiter, stripTabs });
        index = heredoc.end;
      } else {
        index += stripTabs ? 2 : 1;
      }
    } else if (char === "\n" && heredocs.length > 0) {
      endCommand();
      index = skipHeredocBodies(line, index, heredocs);
      heredocs = [];
      addOperator("\n", index + 1);
    } else if (char === "&") {
      const redirect = line[index - 1] === ">" || line[index - 1] === "<" || line[index + 1] === ">";
      if (line[index + 1] === "&") {
        index += 1;
        addOperator("&&", index + 1);
      } else if (line[index - 1] === "|" && line[index - 2] !== "|") {
        // `|&`: a pipe of stdout and stderr (its `|` was counted already)
      } else if (!redirect) {
        backgroundJob = true;
        addOperator("&", index + 1);
      }
      if (redirect) word += char;
      else endCommand();
    } else if (char === "|") {
      endCommand();
      if (line[index + 1] === "|") {
        index += 1;
        addOperator("||", index + 1);
      } else {
        addOperator("|", index + 1);
      }
    } else if (char === ";" || char === "\n") {
      endCommand();
      addOperator(char, index + 1);
    } else if (char === "(") {
      endCommand();
      depth += 1;
    } else if (char === ")") {
      endCommand();
      // a `)` with nothing open: a `case` pattern, say; the depths of what follows are guesses
      if (depth === 0) nestingReliable = false;
      else depth -= 1;
    } else if (char === "`") {
      endCommand();
      inBackticks = !inBackticks;
    } else if (char === "$" && line[index + 1] === "(") {
      endCommand();
      index += 1;
      depth += 1;
    } else if (char === " " || char === "\t") {
      endWord();
    } else if (char === "#" && word === "") {
      const newline = line.indexOf("\n", index);
      if (newline === -1) break;
      index = newline - 1;
    } else {
      word += char;
    }
  }
  endCommand();
  return shape(quote !== undefined);
}

/** True for a word that runs correx: `correx`, a path to it, or a package runner's `correx`. */
export function isCorrexWord(word: string): boolean {
  return word === "correx" || word.endsWith("/correx") || word.endsWith("/correx.cjs");
}

/** True when a command line's commands run correx (`correx`, a path to it, `npx correx`), so its output is bounded already. */
export function runsCorrex(line: string): boolean {
  return wordsRunCorrex(readCommandShape(line).commandWords, line);
}

function wordsRunCorrex(words: string[], line: string): boolean {
  return words.some(isCorrexWord) || (words.some((word) => word === "npx" || word === "pnpx" || word === "bunx") && /\bcorrex\b/.test(line));
}

/** How the agent runs a shell command: whether its shell lives on from one command to the next. */
export interface AgentShell {
  /**
   * True when the agent keeps the shell (its directory, variables, options) between commands and gives it the user's
   * shell functions, as Claude Code does (Gemini CLI runs a plain `bash -c`, without them, wrapped or not).
   */
  keepsState: boolean;
}

/**
 * Why a command line is left as it is, or undefined when wrapping it keeps its meaning. A builtin that changes the
 * shell itself matters only where the shell lives on (`keepsState`); in a fresh shell per command it ends with it.
 */
export function reasonToKeep(line: string, shell: AgentShell = { keepsState: true }): string | undefined {
  if (line.trim() === "") return "the command is empty";
  const shape = readCommandShape(line);
  if (shape.unbalanced) return "the command line is not complete (an open quote or a trailing backslash)";
  const words = shape.commandWords;
  if (wordsRunCorrex(words, line)) return "the command already runs under correx";
  // a builtin in a subshell (`(cd sub && make)`, `x=$(cd a; pwd)`) changes that subshell only, wrapped or not
  const inCallingShell = (command: CommandWord): boolean => !shape.nestingReliable || command.depth === 0;
  const builtin = shell.keepsState ? shape.commands.find((command) => inCallingShell(command) && SHELL_STATE_BUILTINS.has(command.word))?.word : undefined;
  if (builtin !== undefined) return `\`${builtin}\` changes the shell's own state, which a wrapper would lose`;
  const shellFunction = shell.keepsState ? words.find((word) => SHELL_STATE_FUNCTIONS.has(word)) : undefined;
  if (shellFunction !== undefined) return `\`${shellFunction}\` is a shell function from the user's startup files, which a wrapper's shell would not have`;
  if (shape.backgroundJob) return "the command starts a background job (`&`), which a wrapper would wait for";
  return undefined;
}

/**
 * What the hook does with a command line: leave it as it is (and why), or run `command` under correx after `prefix`,
 * which runs as it is in the agent's own shell (`""`, or the leading `cd DIR && `, `export X=1 && `, `source
 * .venv/bin/activate && `… of the line, word for word).
 */
export type WrapPlan = { keep: string } | { keep?: undefined; prefix: string; command: string };

// One word of a leading command, read exactly where it ends: plain characters, quotes, `$NAME`, `${…}`, `\x`, and a
// command substitution holding one simple command of such words (`$(git rev-parse --show-toplevel)`). Anything else
// (a `(`, a `#`, a `$(` with a pipe or a `;` in it, a line continuation) is not read: no split.
const PLAIN = String.raw`[^\s'"\\$\`;&|<>(){}#]`;
const SINGLE_QUOTED = String.raw`'[^']*'`;
const ESCAPED = String.raw`\\[^\n]`;
const VARIABLE = String.raw`\$(?:[A-Za-z_]\w*|[0-9]|\{[^{}'"\\$\`]*\})`;
const DOUBLE_QUOTED_SIMPLE = String.raw`"(?:[^"\\$\`]|${ESCAPED}|${VARIABLE})*"`;
const SUBSTITUTION = String.raw`\$\((?:[ \t]*(?:${PLAIN}|${SINGLE_QUOTED}|${DOUBLE_QUOTED_SIMPLE}|${VARIABLE}|${ESCAPED})+)*[ \t]*\)`;
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

/** Variables bash reads when it starts: exported to the wrapper's `bash -c`, they would make it run a file first. */
const STARTUP_VARIABLES = new Set(["BASH_ENV", "ENV"]);

/**
 * True when an `export` word (as written) is one this split takes: `NAME`, `NAME=VALUE` or `NAME+=VALUE`, NAME an
 * identifier bash does not read at start-up, and a PATH assigned anew keeping `$PATH` (the wrapper is found on it).
 */
function isPlainExport(word: string): boolean {
  const match = /^([A-Za-z_]\w*)(?:(\+?=)([\s\S]*))?$/.exec(word);
  if (match === null || STARTUP_VARIABLES.has(match[1]!)) return false;
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

/**
 * True when `rest`, run after `cd DIR &&` (or `export …&&`, `source …/bin/activate &&`), would run only if the prefix
 * succeeded: one and-or list of `&&` and pipes. A later `;`, new line or `||` of the calling shell runs whatever the
 * prefix did (`cd x && a || b` is `(cd x && a) || b`), so `cd x && correx run -- bash -c 'a || b'` would not mean the
 * same.
 */
function runsOnlyAfterThePrefix(rest: string, shape: CommandShape): boolean {
  return shape.listOperators.every(({ operator, end }) => operator === "&&" || operator === "|" || readCommandShape(rest.slice(end)).commandWords.length === 0);
}

/**
 * Decides what to do with a command line. Where the agent's shell lives on (`keepsState`), a line that changes it
 * only with leading commands whose effect a child process inherits (`cd DIR`, `export NAME=VALUE`, `source
 * VENV/bin/activate`, joined by `&&`, `;` or new lines) is split: they run as they are in the agent's shell (the
 * directory and the variables persist, a failed one stops what `&&` would), the rest under correx, which inherits
 * the directory and the exported variables — if the rest may be wrapped.
 */
export function planWrap(line: string, shell: AgentShell = { keepsState: true }): WrapPlan {
  const reason = reasonToKeep(line, shell);
  if (reason === undefined) return { prefix: "", command: line };
  const split = shell.keepsState ? splitLeadingPrefix(line) : undefined;
  if (split === undefined) return { keep: reason };
  const shape = readCommandShape(split.rest);
  if (shape.commandWords.length === 0) return { keep: reason };
  const restReason = reasonToKeep(split.rest, shell);
  if (restReason !== undefined) return { keep: restReason };
  if (split.separator === "&&" && !runsOnlyAfterThePrefix(split.rest, shape)) {
    return { keep: `${reason}; after \`${split.last} … &&\`, a \`;\`, \`||\` or new line runs even when the \`${split.last}\` fails, so the \`${split.last}\` cannot run apart` };
  }
  return { prefix: split.prefix, command: split.rest };
}
