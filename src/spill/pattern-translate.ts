// Translates an RE2 pattern (the syntax `correx grep` accepts) into a JavaScript regular expression that matches
// the same lines, so that V8's compiled regexps can do the searching. Only what translates exactly is translated;
// anything else (Unicode classes, inline flags, \Q...\E, octal escapes, non-ASCII under -i) gives undefined and the
// caller keeps RE2. The differences taken care of: RE2's \s is [\t\n\f\r ], `.` and negated classes match one code
// point (JavaScript without the u flag sees UTF-16 units), `[]a]` holds "]", -i folds k to the Kelvin sign and s to
// the long s, and no translated atom matches "\n" (lines never hold one), so a match never spans two lines.

import { classSources, fold, hex4, MAX_CODE_POINT, negate, normalize, PERL_CLASSES, POSIX_CLASSES, type Ranges } from "./char-ranges.js";

/** The JavaScript sources: `bmp` for text without surrogate pairs, `full` for any text (code point by code point). */
export interface Translation {
  bmp: string;
  full: string;
}

/** A translated piece, and whether it can match the empty string. */
interface Piece extends Translation {
  empty: boolean;
}

class Untranslatable extends Error {}

const SIMPLE_ESCAPES: Record<string, number> = { a: 0x07, f: 0x0c, t: 0x09, n: 0x0a, r: 0x0d, v: 0x0b };
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** A class as a piece (a set of some astral code points only is not translated). */
function emitClass(ranges: Ranges): Piece {
  const sources = classSources(ranges);
  if (!sources) throw new Untranslatable("a class of some astral code points");
  return { ...sources, empty: false };
}

/** Translates `pattern` (already accepted by RE2); undefined when it cannot be translated exactly. */
export function translatePattern(pattern: string, ignoreCase: boolean): Translation | undefined {
  try {
    if (ignoreCase && /[^\x00-\x7f]|\\x\{?[89a-fA-F][0-9a-fA-F]|\\x\{[0-9a-fA-F]{3,}/.test(pattern)) return undefined; // folding beyond ASCII
    const { bmp, full } = new Translator(pattern, ignoreCase).translate();
    return { bmp, full };
  } catch (error) {
    if (error instanceof Untranslatable) return undefined;
    throw error;
  }
}

class Translator {
  private index = 0;

  constructor(private readonly pattern: string, private readonly ignoreCase: boolean) {}

  translate(): Piece {
    const result = this.alternation();
    if (this.index < this.pattern.length) throw new Untranslatable("unbalanced )");
    return result;
  }

  private peek(offset = 0): string | undefined {
    return this.pattern[this.index + offset];
  }

  private alternation(): Piece {
    const branches = [this.sequence()];
    while (this.peek() === "|") {
      this.index += 1;
      branches.push(this.sequence());
    }
    return { bmp: branches.map((branch) => branch.bmp).join("|"), full: branches.map((branch) => branch.full).join("|"), empty: branches.some((branch) => branch.empty) };
  }

  private sequence(): Piece {
    let [bmp, full, empty] = ["", "", true];
    while (this.index < this.pattern.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.atom();
      const quantifier = this.quantifier();
      // An iteration that matches nothing ends a JavaScript loop differently than it ends RE2's: not translated.
      if (quantifier && atom.empty) throw new Untranslatable("a repeated piece that can match nothing");
      bmp += atom.bmp + quantifier; // every atom is one JavaScript atom: a class, a character, a group
      full += atom.full + quantifier;
      empty &&= atom.empty || /^(?:[*?]|\{0[,}])/.test(quantifier);
    }
    return { bmp, full, empty };
  }

  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe followed by `?` (non-greedy); "" when none follows. */
  private quantifier(): string {
    const char = this.peek();
    let text: string;
    if (char === "*" || char === "+" || char === "?") text = char;
    else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.index));
      if (!match) return "";
      text = match[0];
    } else return "";
    this.index += text.length;
    if (this.peek() === "?") {
      this.index += 1;
      text += "?";
    }
    if ("*+?{".includes(this.peek() ?? "") && this.quantifierAhead()) throw new Untranslatable("nested repetition");
    return text;
  }

  private quantifierAhead(): boolean {
    const char = this.peek();
    return char === "*" || char === "+" || char === "?" || (char === "{" && /^\{\d+(,\d*)?\}/.test(this.pattern.slice(this.index)));
  }

  private atom(): Piece {
    const char = this.peek()!;
    if (char === "(") return this.group();
    if (char === "[") return this.charClass();
    this.index += 1;
    if (char === ".") return emitClass(negate([[0x0a, 0x0a]]));
    if (char === "^" || char === "$") return { bmp: char, full: char, empty: true };
    if (char === "\\") return this.escape();
    if ("*+?".includes(char) || (char === "{" && /^\{\d+(,\d*)?\}/.test(this.pattern.slice(this.index - 1)))) throw new Untranslatable("repetition of nothing");
    this.index -= 1;
    return this.literal(this.codePoint());
  }

  private codePoint(): number {
    const code = this.pattern.codePointAt(this.index)!;
    this.index += code > 0xffff ? 2 : 1;
    return code;
  }

  private literal(code: number): Piece {
    if (this.ignoreCase && /[a-z]/i.test(String.fromCodePoint(code))) return emitClass(fold([[code, code]]));
    if (code === 0x0a) return { bmp: "[]", full: "[]", empty: false }; // a line never holds "\n"
    if (code > 0xffff) {
      const pair = String.fromCodePoint(code);
      const text = `(?:${hex4(pair.charCodeAt(0))}${hex4(pair.charCodeAt(1))})`;
      return { bmp: "[]", full: text, empty: false }; // text without pairs cannot hold it
    }
    if (code >= 0xd800 && code <= 0xdfff) throw new Untranslatable("a surrogate");
    const text = /[0-9A-Za-z _,;:'"<>=!@#%&~`-]/.test(String.fromCharCode(code)) ? String.fromCharCode(code) : hex4(code);
    return { bmp: text, full: text, empty: false };
  }

  private group(): Piece {
    this.index += 1;
    if (this.peek() === "?") {
      const named = /^\?P?<[A-Za-z0-9_]+>/.exec(this.pattern.slice(this.index));
      if (named) this.index += named[0].length;
      else if (this.peek(1) === ":") this.index += 2;
      else throw new Untranslatable("inline flags");
    }
    const inner = this.alternation();
    if (this.peek() !== ")") throw new Untranslatable("missing )");
    this.index += 1;
    return { bmp: `(?:${inner.bmp})`, full: `(?:${inner.full})`, empty: inner.empty };
  }

  /** An escape outside a class: an assertion, a Perl class, or one character. */
  private escape(): Piece {
    const char = this.peek();
    if (char === undefined) throw new Untranslatable("trailing \\");
    if (char === "b") {
      this.index += 1;
      return { bmp: "\\b", full: "\\b", empty: true };
    }
    if (char === "B") throw new Untranslatable("\\B holds between the halves of a surrogate pair in JavaScript");
    if (char === "A" || char === "z") {
      this.index += 1;
      const anchor = char === "A" ? "^" : "$";
      return { bmp: anchor, full: anchor, empty: true };
    }
    const perl = this.perlClass();
    if (perl) return emitClass(perl);
    return this.literal(this.escapedChar());
  }

  /** \d \s \w and their negations at the current position (after the "\"), folded under -i. */
  private perlClass(): Ranges | undefined {
    const char = this.peek()!;
    const ranges = PERL_CLASSES[char.toLowerCase()];
    if (!ranges) return undefined;
    this.index += 1;
    const folded = this.ignoreCase ? fold(ranges) : ranges;
    return char === char.toUpperCase() ? negate(folded) : folded;
  }

  /** One escaped character (after the "\"): \a \f \t \n \r \v, \xHH, \x{H...}, or escaped punctuation. */
  private escapedChar(): number {
    const char = this.peek()!;
    if (SIMPLE_ESCAPES[char] !== undefined) {
      this.index += 1;
      return SIMPLE_ESCAPES[char]!;
    }
    if (char === "x") {
      const match = /^x(?:([0-9a-fA-F]{2})|\{([0-9a-fA-F]{1,6})\})/.exec(this.pattern.slice(this.index));
      if (!match) throw new Untranslatable("\\x");
      this.index += match[0].length;
      const code = parseInt(match[1] ?? match[2]!, 16);
      if (code > MAX_CODE_POINT) throw new Untranslatable("beyond Unicode");
      return code;
    }
    if (PUNCTUATION.test(char)) {
      this.index += 1;
      return char.charCodeAt(0);
    }
    throw new Untranslatable(`\\${char}`); // \p, \Q, \C, octal and the like
  }

  /** A bracketed class, parsed as RE2 parses it (a leading "]" or a "-" next to the brackets is literal). */
  private charClass(): Piece {
    this.index += 1;
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.index += 1;
    }
    const ranges: Ranges = [];
    for (let first = true; first || this.peek() !== "]"; first = false) {
      if (this.peek() === undefined) throw new Untranslatable("unbalanced [");
      const named = /^\[:(\^?)([a-z]+):\]/.exec(this.pattern.slice(this.index));
      if (named && POSIX_CLASSES[named[2]!]) {
        this.index += named[0].length;
        const set = this.ignoreCase ? fold(POSIX_CLASSES[named[2]!]!) : POSIX_CLASSES[named[2]!]!;
        ranges.push(...(named[1] ? negate(set) : set)); // folded before negated, as RE2 does
        continue;
      }
      if (this.peek() === "\\") {
        this.index += 1;
        const perl = this.perlClass();
        if (perl) {
          ranges.push(...perl);
          continue;
        }
        this.index -= 1;
      }
      const low = this.classChar();
      let high = low;
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.index += 1;
        high = this.classChar();
        if (high < low) throw new Untranslatable("bad range");
      }
      ranges.push([low, high]);
    }
    this.index += 1;
    const folded = this.ignoreCase ? fold(normalize(ranges)) : normalize(ranges);
    return emitClass(negated ? negate(folded) : folded);
  }

  private classChar(): number {
    if (this.peek() !== "\\") return this.codePoint();
    this.index += 1;
    return this.escapedChar();
  }
}
