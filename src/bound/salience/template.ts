// Online line-template mining in the spirit of Drain: a fixed-depth tree (token count, first token), a similarity
// threshold, and a bounded number of templates evicted least-recently-used.

/** The wildcard a template shows where its lines differ. */
export const WILDCARD = "…";

const MAX_TOKENS = 24;
const SIMILARITY = 0.5;
const MAX_PER_LEAF = 16;

/** One mined template: its tokens (wildcards where lines differ) and how many lines it stands for. */
export interface Template {
  id: number;
  tokens: string[];
  count: number;
  lastUsed: number;
}

/** Masks what varies between lines of one kind: digit runs become N, long hex ids H, paths keep only their file name. */
export function maskToken(token: string): string {
  if (token.length > 64) return WILDCARD;
  if (/^[0-9a-f]{7,}$/i.test(token) && /\d/.test(token)) return "H";
  return token.replace(/\d+/g, "N");
}

/** Splits a line into at most MAX_TOKENS masked tokens (the rest, if any, becomes one wildcard). */
export function tokenize(text: string): string[] {
  const raw = text.trim().split(/\s+/);
  const tokens = raw.slice(0, MAX_TOKENS).map(maskToken);
  if (raw.length > MAX_TOKENS) tokens.push(WILDCARD);
  return tokens;
}

function leafKey(tokens: string[]): string {
  const first = tokens[0] ?? "";
  return `${tokens.length}\u0000${/[N/\\…]/.test(first) ? "*" : first}`;
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

  /** Adds `weight` lines like `text`; returns the template they joined (created or widened). */
  add(text: string, weight = 1): Template {
    const tokens = tokenize(text);
    const key = leafKey(tokens);
    let leaf = this.leaves.get(key);
    if (!leaf) {
      leaf = [];
      this.leaves.set(key, leaf);
    }
    this.clock += 1;
    let best: Template | undefined;
    let bestScore = SIMILARITY;
    for (const candidate of leaf) {
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

/** Tokens of a line's shape for near-duplicate folding: numbers N, hex ids H, paths and URLs P, quoted names Q. */
export function lineShape(text: string): string[] {
  const raw = text.trim().split(/\s+/);
  // Indented or not (gutters widen with line numbers).
  const tokens = [/^\s/.test(text) ? " " : ""];
  for (const token of raw.slice(0, MAX_TOKENS)) tokens.push(shapeToken(token));
  if (raw.length > MAX_TOKENS) tokens.push(WILDCARD);
  return tokens;
}

function shapeToken(token: string): string {
  if (token.length > 64) return WILDCARD;
  if (/[/\\]/.test(token) && /[\w.]/.test(token)) return "P";
  if (/^[(\[]?[`'"‘“«].*[`'"’”»][)\].,:;]*$/.test(token)) return "Q";
  // Carets and rules of any length (`^~~~~`, `-----`) are one shape.
  return maskToken(token).replace(/([^\w\s])\1+/g, "$1$1");
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
