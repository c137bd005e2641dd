// Reads just enough of a shell command line for the hook's decisions (shell-command.ts): the words of each simple
// command and how deep in subshells it runs, the calling shell's list operators, a lone `&`, quotes left
// open; a here-document's body is skipped as data.

/** Words that only prefix the command they run. */
const PREFIX_WORDS = new Set(["time", "command", "builtin", "nohup", "!", "{", "(", "then", "do", "else", "if", "while", "until"]);

/** A simple command's first word, the words after it, and how deep in subshells it runs. */
export interface CommandWord {
  word: string;
  /** The words after the first, quotes taken away (redirections among them, as written: `2>&1`, `>out`). */
  args: string[];
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
  // a word begun by quotes that gave nothing (`""`): a `#` after it is part of it, not a comment
  let quotedWord = false;
  let wordsInCommand = 0;
  // the simple command being read, which the words after its first are added to
  let current: CommandWord | undefined;
  // `$'` is ANSI-C quoting, `$'it\'s'`, where a backslash escapes the next character, a `'` too
  let quote: "'" | '"' | "$'" | undefined;
  let heredocs: PendingHeredoc[] = [];
  let depth = 0;
  let inBackticks = false;
  const shape = (unbalanced: boolean): CommandShape => ({
    commandWords, commands, listOperators, backgroundJob, unbalanced,
    nestingReliable: nestingReliable && !unbalanced && depth === 0 && !inBackticks,
  });
  const endWord = (): void => {
    quotedWord = false;
    if (word === "") return;
    if (wordsInCommand === 0 && !/^[A-Za-z_]\w*=/.test(word) && !PREFIX_WORDS.has(word)) {
      commandWords.push(word);
      current = { word, args: [], depth: depth + (inBackticks ? 1 : 0) };
      commands.push(current);
      wordsInCommand = 1;
    } else if (word === "{") {
      // a brace group's body after other words: `function f { cd x; }` (read as a command, to be safe, in `echo {` too)
      wordsInCommand = 0;
      current = undefined;
    } else {
      current?.args.push(word);
    }
    word = "";
  };
  const endCommand = (): void => {
    endWord();
    wordsInCommand = 0;
    current = undefined;
  };
  const addOperator = (operator: string, end: number): void => {
    if (depth === 0 && !inBackticks) listOperators.push({ operator, end });
  };
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === "$'") {
      if (char === "'") quote = undefined;
      else if (char === "\\") {
        if (index + 1 >= line.length) return shape(true);
        word += line[index + 1]!;
        index += 1;
      } else word += char;
    } else if (char === "\\") {
      if (index + 1 >= line.length) return shape(true);
      // a backslash and a new line are a line continuation: nothing, the word goes on (`c\<new line>d` is `cd`)
      if (line[index + 1] !== "\n") word += line[index + 1]!;
      index += 1;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
      // a command substitution inside double quotes is not followed here: its quotes would be misread
      if (char === "`" || (char === "$" && line[index + 1] === "(")) nestingReliable = false;
    } else if (char === "$" && line[index + 1] === "'") {
      quote = "$'";
      quotedWord = true;
      index += 1;
    } else if (char === "'" || char === '"') {
      quote = char;
      quotedWord = true;
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
    } else if (char === "#" && word === "" && !quotedWord) {
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
