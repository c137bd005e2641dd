// o200k's split pattern (o200k.ts) decided by hand for ASCII text, which is most of what tools print: the same
// alternatives in the same order with the same greed and backtracking, without the regex's Unicode classes.
// Any non-ASCII character it would have to look at sends that piece back to the regex (the answer is -1).

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const SPACE = 8;
const NEWLINE = 16;
const OTHER = 32;
const LETTER = LOWER | UPPER;

/** The class of each ASCII code: letters, digits, JavaScript's \s (with \r and \n marked), everything else. */
const CLASS = new Uint8Array(128).map((_, code) => {
  if (code >= 0x61 && code <= 0x7a) return LOWER;
  if (code >= 0x41 && code <= 0x5a) return UPPER;
  if (code >= 0x30 && code <= 0x39) return DIGIT;
  if (code === 0x0a || code === 0x0d) return SPACE | NEWLINE;
  if (code === 0x20 || (code >= 0x09 && code <= 0x0c)) return SPACE;
  return OTHER;
});

/** The class of text[at]: 0 past the end, -1 for a non-ASCII character. */
function classAt(text: string, at: number): number {
  if (at >= text.length) return 0;
  const code = text.charCodeAt(at);
  return code < 0x80 ? CLASS[code]! : -1;
}

/** The end of a run of `kind` from `at`, or -1 when the run stops at a non-ASCII character. */
function runEnd(text: string, at: number, kind: number): number {
  let end = at;
  for (let type = classAt(text, end); type > 0 && (type & kind) !== 0; type = classAt(text, end)) end++;
  return classAt(text, end) < 0 ? -1 : end;
}

const lower = (code: number): number => (code >= 0x41 && code <= 0x5a ? code + 32 : code);

/** After a word, the optional contraction `'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE])`. */
function withContraction(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x27) return at;
  const first = lower(text.charCodeAt(at + 1));
  if (first === 0x73 || first === 0x64 || first === 0x6d || first === 0x74) return at + 2;
  const second = lower(text.charCodeAt(at + 2));
  const pair = (first === 0x6c && second === 0x6c) || (first === 0x76 && second === 0x65) || (first === 0x72 && second === 0x65);
  return pair ? at + 3 : at;
}

/** The end of o200k's piece that starts at `at` (a piece boundary), or -1 when the regex must decide it. */
export function o200kAsciiPieceEnd(text: string, at: number): number {
  const type = classAt(text, at);
  if (type < 0) return -1;
  // 1 and 2: an optional prefix [^\r\n\p{L}\p{N}], then upper* lower+ or upper+ lower*, then a contraction.
  let word = (type & LETTER) !== 0 ? at : -1;
  if (word < 0 && (type & (SPACE | OTHER)) !== 0 && (type & NEWLINE) === 0) {
    const next = classAt(text, at + 1);
    if (next < 0) return -1;
    if ((next & LETTER) !== 0) word = at + 1;
  }
  if (word >= 0) {
    const uppers = runEnd(text, word, UPPER);
    if (uppers < 0) return -1;
    if ((classAt(text, uppers) & LOWER) === 0) return withContraction(text, uppers);
    const lowers = runEnd(text, uppers, LOWER);
    return lowers < 0 ? -1 : withContraction(text, lowers);
  }
  // 3: \p{N}{1,3}.
  if ((type & DIGIT) !== 0) {
    let end = at + 1;
    while (end < at + 3 && classAt(text, end) === DIGIT) end++;
    return end < at + 3 && classAt(text, end) < 0 ? -1 : end;
  }
  // 4: ` ?[^\s\p{L}\p{N}]+[\r\n/]*`.
  const symbols = text.charCodeAt(at) === 0x20 ? at + 1 : at;
  const symbolType = classAt(text, symbols);
  if (symbolType < 0) return -1;
  if (symbolType === OTHER) {
    let end = runEnd(text, symbols, OTHER);
    if (end < 0) return -1;
    for (let code = text.charCodeAt(end); code === 0x0a || code === 0x0d || code === 0x2f; code = text.charCodeAt(end)) end++;
    return end;
  }
  // 5, 6, 7: whitespace up to its last newline; else all of it at the end, all but the last before a non-space.
  const spaces = runEnd(text, at, SPACE);
  if (spaces < 0) return -1;
  for (let last = spaces - 1; last >= at; last--) if ((CLASS[text.charCodeAt(last)]! & NEWLINE) !== 0) return last + 1;
  return spaces === text.length || spaces - at === 1 ? spaces : spaces - 1;
}
