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

/** What a command line holds, as far as wrapping it is concerned. */
export interface CommandShape {
  /** The first word of each simple command, in order (after variable assignments and prefix words). */
  commandWords: string[];
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

/**
 * Splits a command line at its unquoted separators and reads the first word of each simple command. The body of a
 * here-document is data, not commands: it is skipped (a `cd`, an `export` or a lone `'` in a file written with
 * `cat > FILE <<'EOF'` is not the shell's).
 */
export function readCommandShape(line: string): CommandShape {
  const commandWords: string[] = [];
  let backgroundJob = false;
  let word = "";
  let wordsInCommand = 0;
  let quote: "'" | '"' | undefined;
  let heredocs: PendingHeredoc[] = [];
  const endWord = (): void => {
    if (word === "") return;
    if (wordsInCommand === 0 && !/^[A-Za-z_]\w*=/.test(word) && !PREFIX_WORDS.has(word)) {
      commandWords.push(word);
      wordsInCommand = 1;
    }
    word = "";
  };
  const endCommand = (): void => {
    endWord();
    wordsInCommand = 0;
  };
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (char === "\\") {
      if (index + 1 >= line.length) return { commandWords, backgroundJob, unbalanced: true };
      word += line[index + 1]!;
      index += 1;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if ((char === "(" && line[index + 1] === "(") || (char === "$" && line.startsWith("((", index + 1))) {
      // arithmetic, `((…))` or `$((…))`: no commands inside, and `<<` there is a shift, not a here-document
      const close = line.indexOf("))", index);
      if (close === -1) break;
      word += line.slice(index, close + 2);
      index = close + 1;
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
    } else if (char === "&") {
      const redirect = line[index - 1] === ">" || line[index - 1] === "<" || line[index + 1] === ">";
      if (line[index + 1] === "&") index += 1;
      else if (!redirect) backgroundJob = true;
      if (redirect) word += char;
      else endCommand();
    } else if (char === ";" || char === "|" || char === "\n" || char === "(" || char === ")" || char === "`") {
      endCommand();
    } else if (char === "$" && line[index + 1] === "(") {
      endCommand();
      index += 1;
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
  return { commandWords, backgroundJob, unbalanced: quote !== undefined };
}

/** True for a word that runs correx: `correx`, a path to it, or a package runner's `correx`. */
export function isCorrexWord(word: string): boolean {
  return word === "correx" || word.endsWith("/correx") || word.endsWith("/correx.cjs");
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
  if (words.some(isCorrexWord) || (words.some((word) => word === "npx" || word === "pnpx" || word === "bunx") && /\bcorrex\b/.test(line))) {
    return "the command already runs under correx";
  }
  const builtin = shell.keepsState ? words.find((word) => SHELL_STATE_BUILTINS.has(word)) : undefined;
  if (builtin !== undefined) return `\`${builtin}\` changes the shell's own state, which a wrapper would lose`;
  const shellFunction = shell.keepsState ? words.find((word) => SHELL_STATE_FUNCTIONS.has(word)) : undefined;
  if (shellFunction !== undefined) return `\`${shellFunction}\` is a shell function from the user's startup files, which a wrapper's shell would not have`;
  if (shape.backgroundJob) return "the command starts a background job (`&`), which a wrapper would wait for";
  return undefined;
}
