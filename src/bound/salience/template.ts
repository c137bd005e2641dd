// Online line-template mining in the spirit of Drain: a fixed-depth tree (token count, first token), a similarity
// threshold, and a bounded number of templates evicted least-recently-used.
import { compileNative } from "./native-regexps.js";
import { optimizing } from "../one-off.js";
import { plainTokens } from "./plain-tokens.js";
import { maskTokens, MINER, SHAPE } from "./shape-mask.js";

/** The wildcard a template shows where its lines differ. */
export const WILDCARD = "…";

/** True once tokenize's expressions were compiled to native code (native-regexps.ts): the leaf's test, the masks' (only when a line needs them). */
let native = false;
let nativeMasks = false;
const MAX_TOKENS = 24;
const SIMILARITY = 0.5;
const MAX_PER_LEAF = 16;
const DIGITS = /\d+/g;
const BLANKS = /\s+/;

/** One mined template: its tokens (wildcards where lines differ) and how many lines it stands for. */
export interface Template {
  id: number;
  tokens: string[];
  count: number;
  lastUsed: number;
}

/** Lines tokenized by the one pass and by the masks (perf tests count work, never time). */
export const tokenizeWork = { onePass: 0, masked: 0 };
/** Lines the one pass took while V8's optimizing compiler was on. */
let onePassLines = 0;
/** Lines after which the one pass is taken as compiled (its cost per line halved after the first ~1,000 at 100 MiB of log lines). */
const ONE_PASS_WARM_LINES = 2000;

/**
 * Whether a line goes through the one pass (plainTokens), a JavaScript loop over its characters: fast once TurboFan
 * compiled it, ~3x the masks' native regular expressions in the interpreter. At the end of an output TurboFan is off
 * (one-off.ts): the loop is taken then only if the streaming warmed it (at 1 MiB, where all lines are mined at the
 * end, it cost +57 M instructions).
 */
function takesOnePass(): boolean {
  if (!optimizing()) return onePassLines >= ONE_PASS_WARM_LINES;
  onePassLines += 1;
  return true;
}

/**
 * Splits a line into at most MAX_TOKENS masked tokens (the rest, if any, becomes one wildcard): a token longer than
 * 64 characters becomes `…`, a hex id of 7+ with a digit H, digit runs N. Most log lines need only the digits masked
 * and are taken in one pass (plainTokens) once TurboFan compiled it; any other line is masked whole by the one-pass
 * module (shape-mask.ts; where WebAssembly is missing, a regular expression per mask, the first two only where a
 * cheaper test finds what they change) and split once (the tests check every way against a token-by-token mask):
 * the tokens are a plain array of strings however the line looked
 * (one shape for the code that reads them: a token array of another elements kind deoptimized leafKey and similarity).
 */
export function tokenize(text: string): string[] {
  compileLeafTest();
  const plain = takesOnePass() ? plainTokens(text) : undefined;
  if (plain) tokenizeWork.onePass += 1;
  else tokenizeWork.masked += 1;
  return capped(plain ?? maskedTokens(text));
}

/**
 * tokenize of each text, the texts masked together in one pass (shape-mask.ts) where they can be (each line alone
 * where WebAssembly is missing or a text holds a newline of its own): for the summary's window lines, mined at once.
 */
export function tokenizeAll(texts: readonly string[]): string[][] {
  const masked = texts.length > 1 ? maskTokens(texts.join("\n"), MINER)?.split("\n") : undefined;
  if (masked?.length !== texts.length) return texts.map(tokenize);
  compileLeafTest();
  tokenizeWork.masked += texts.length;
  return masked.map((line) => capped(splitTokens(line)));
}

/** The leaf test (leafKey's) compiled to native code before the first line is mined (native-regexps.ts). */
function compileLeafTest(): void {
  if (native) return;
  native = true;
  compileNative([VARIABLE_FIRST]);
}

/** At most MAX_TOKENS tokens, and one wildcard for any more. */
function capped(tokens: string[]): string[] {
  if (tokens.length > MAX_TOKENS) {
    tokens.length = MAX_TOKENS;
    tokens.push(WILDCARD);
  }
  return tokens;
}

/** Any line tokenize's one pass does not take: masked whole, then split. */
function maskedTokens(text: string): string[] {
  const masked = maskTokens(text, MINER);
  if (!nativeMasks) {
    nativeMasks = true;
    compileNative(masked === undefined ? [MASK_HINT, LONG_HINT, HEX_HINT, NOT_SINGLE_SPACED] : [NOT_SINGLE_SPACED]);
  }
  // Masking keeps the blanks as they are: a line whose only blanks are single spaces between tokens is split on " ",
  // without trimming it or splitting by a regular expression (a call into the runtime, and a third more bytes
  // allocated per line).
  return splitTokens(masked ?? (MASK_HINT.test(text) ? maskHex(maskLong(text)) : text).replace(DIGITS, "N"));
}

/** A first token that is a number, a path or a wildcard: its leaf is keyed by the token count alone. */
const VARIABLE_FIRST = /[N/\\…]/;

function leafKey(tokens: string[]): string {
  const first = tokens[0] ?? "";
  return `${tokens.length}\u0000${VARIABLE_FIRST.test(first) ? "*" : first}`;
}

function similarity(template: string[], tokens: string[]): number {
  let same = 0;
  for (let index = 0; index < tokens.length; index += 1) if (template[index] === tokens[index] || template[index] === WILDCARD) same += 1;
  return same / tokens.length;
}

/** Mines templates from lines as they come; memory stays bounded by `maxTemplates`. */
export class TemplateMiner {
  private readonly leaves = new Map<string, Template[]>();
  private readonly maxTemplates: number;
  private size = 0;
  private clock = 0;
  private nextId = 1;

  constructor(maxTemplates = 512) {
    this.maxTemplates = maxTemplates;
  }

  /** Adds `weight` lines like `text` (its `tokens`, if tokenized already); returns the template they joined (created or widened). */
  add(text: string, weight = 1, tokens = tokenize(text)): Template {
    const key = leafKey(tokens);
    let leaf = this.leaves.get(key);
    if (!leaf) {
      leaf = [];
      this.leaves.set(key, leaf);
    }
    this.clock += 1;
    let best: Template | undefined;
    let bestScore = SIMILARITY;
    for (let index = 0; index < leaf.length; index += 1) {
      const candidate = leaf[index]!;
      const score = similarity(candidate.tokens, tokens);
      if (score >= bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best) {
      for (let index = 0; index < tokens.length; index += 1) if (best.tokens[index] !== tokens[index]) best.tokens[index] = WILDCARD;
      best.count += weight;
      best.lastUsed = this.clock;
      return best;
    }
    const created: Template = { id: this.nextId++, tokens, count: weight, lastUsed: this.clock };
    if (leaf.length >= MAX_PER_LEAF) leaf.splice(leastRecent(leaf), 1);
    else this.size += 1;
    leaf.push(created);
    if (this.size > this.maxTemplates) this.evict();
    return created;
  }

  /** Templates by count, most frequent first. */
  top(limit: number): Template[] {
    const all: Template[] = [];
    for (const leaf of this.leaves.values()) all.push(...leaf);
    return all.sort((a, b) => b.count - a.count || a.id - b.id).slice(0, limit);
  }

  /** Drops the least recently used eighth of the templates. */
  private evict(): void {
    const all: { key: string; template: Template }[] = [];
    for (const [key, leaf] of this.leaves) for (const template of leaf) all.push({ key, template });
    all.sort((a, b) => a.template.lastUsed - b.template.lastUsed);
    for (const { key, template } of all.slice(0, Math.max(1, all.length >> 3))) {
      const leaf = this.leaves.get(key)!;
      leaf.splice(leaf.indexOf(template), 1);
      if (leaf.length === 0) this.leaves.delete(key);
      this.size -= 1;
    }
  }
}

function leastRecent(leaf: Template[]): number {
  let index = 0;
  for (let candidate = 1; candidate < leaf.length; candidate += 1) if (leaf[candidate]!.lastUsed < leaf[index]!.lastUsed) index = candidate;
  return index;
}

/** A template as one short line: wildcard runs collapsed, cut to `maxChars` with an ellipsis. */
export function describeTemplate(template: Template, maxChars = 60): string {
  const tokens: string[] = [];
  for (const token of template.tokens) if (!(token === WILDCARD && tokens[tokens.length - 1] === WILDCARD)) tokens.push(token);
  const text = tokens.join(" ");
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}${WILDCARD}`;
}

// A line's shape masks whole tokens, each by the first rule that applies: longer than 64 characters `…`; with a `/`
// or `\` (and a word character or dot) P; quoted (`'name'`, `("x"),`) Q; a hex id of 7+ digits with a digit H;
// else digit runs N and runs of one punctuation mark two of it (`^~~~~` = `^~~~~~~~`).
const LONG_TOKEN = /(?<!\S)\S{65,}/g;
/** A path token with the blank before it (or at the text's start), masked as `$1P`: a fifth cheaper than a look-behind. */
const PATH_TOKEN = /(^|\s)(?=\S*[/\\])(?=\S*[\w.])\S+/g;
const QUOTED_TOKEN = /(?<!\S)[(\[]?[`'"‘“«]\S*[`'"’”»][)\].,:;]*(?!\S)/g;
const HEX_TOKEN = /(?<!\S)(?=[0-9a-f]*\d)[0-9a-f]{7,}(?!\S)/gi;
const PUNCTUATION_RUN = /([^\w\s])\1+/g;
const LEADING_BLANK = /^\s/;
/**
 * What a LONG_TOKEN / HEX_TOKEN match needs, found without a look-behind (a blank or the text's start, then the
 * token): tested first, so that the costlier mask runs only on a text it changes (most log lines have neither).
 */
const LONG_HINT = /(?:^|\s)\S{65}/;
const HEX_HINT = /(?:^|\s)(?=[0-9a-f]*\d)[0-9a-f]{7,}(?!\S)/i;
/** Either hint, one test (tokenize's lines mostly have neither: a log line's hex id in brackets is not a token). */
const MASK_HINT = /(?:^|\s)(?:\S{65}|(?=[0-9a-f]*\d)[0-9a-f]{7,}(?!\S))/i;

/** Tokens longer than 64 characters as `…`. */
function maskLong(text: string): string {
  return LONG_HINT.test(text) ? text.replace(LONG_TOKEN, WILDCARD) : text;
}

/** Hex ids of 7+ characters with a digit as H. */
function maskHex(text: string): string {
  return HEX_HINT.test(text) ? text.replace(HEX_TOKEN, "H") : text;
}

/** True unless a line's only blanks are single spaces between tokens (then it splits on " ", no regex). */
const NOT_SINGLE_SPACED = /^\s|\s$|\s\s|[^\S ]/;

/** A (masked) line's blank-separated tokens: split on " " when its only blanks are single spaces between tokens. */
function splitTokens(line: string): string[] {
  return NOT_SINGLE_SPACED.test(line) ? line.trim().split(BLANKS) : line.split(" ");
}

/** Every token of a text masked as in a line shape (whitespace as it was): in one pass (shape-mask.ts), else by the expressions. */
function maskShape(text: string): string {
  return maskTokens(text, SHAPE) ?? maskShapeByExpressions(text);
}

/** maskShape by the regular expressions above, one after another (where WebAssembly is missing). */
function maskShapeByExpressions(text: string): string {
  return maskHex(maskLong(text).replace(PATH_TOKEN, "$1P").replace(QUOTED_TOKEN, "Q")).replace(DIGITS, "N").replace(PUNCTUATION_RUN, "$1$1");
}

/**
 * Tokens of lines' shapes for near-duplicate folding: whether the line is indented (gutters widen with line
 * numbers), then its first MAX_TOKENS tokens masked (numbers N, hex ids H, paths and URLs P, quoted names Q) and
 * `…` for any more. The lines are masked together, their joined text in one pass (shape-mask.wat; where WebAssembly is
 * missing, six regular expressions over it, not a few per token).
 */
export function lineShapes(texts: readonly string[]): string[][] {
  let masked = maskShape(texts.join("\n")).split("\n");
  if (masked.length !== texts.length) masked = texts.map(maskShape); // a text with a newline of its own
  const shapes: string[][] = [];
  for (let index = 0; index < texts.length; index += 1) {
    const tokens = capped(splitTokens(masked[index]!));
    tokens.unshift(LEADING_BLANK.test(texts[index]!) ? " " : "");
    shapes.push(tokens);
  }
  return shapes;
}

/** Tokens of one line's shape (see lineShapes). */
export function lineShape(text: string): string[] {
  return lineShapes([text])[0]!;
}

/** Fraction of equal tokens at or above which two lines of one shape length are alike (Drain's threshold, stricter). */
const ALIKE_SIMILARITY = 0.8;

/** True when two line shapes are alike: as many tokens, the first word the same, most tokens equal. */
export function alike(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a[0] !== b[0] || a[1] !== b[1]) return false;
  let same = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] === b[index]) same += 1;
  return same === a.length || (a.length > 3 && same / a.length >= ALIKE_SIMILARITY);
}
