// The one-line summary of an omitted range: the templates most of its lines follow, with counts.
import { describeTemplate, TemplateMiner, tokenizeAll, WILDCARD, type Template } from "./template.js";

/** Characters of a template the summary shows. */
const DESCRIBED_CHARS = 48;
/** One window line in this many is mined once the counts are estimates (lines left the ring). */
const WINDOW_SAMPLE = 8;

/** Counts omitted lines by template: lines that left the ring are sampled (counts are then estimates). */
export class OmissionSummary {
  private readonly miner = new TemplateMiner(512);
  private sampled = false;
  /** Lines counted (sampled lines weigh the lines they stand for). */
  counted = 0;
  /** Lines of the final window, mined but counted only if they end up omitted (see `describe`), with the lines each stands for. */
  private readonly windowLines: { number: number; template: Template; weight: number }[] = [];
  /** Window lines taken, mined (in that order) when the summary is first asked for: never, when no cut shows it. */
  private pending: { number: number; text: string; weight: number }[] = [];

  /** Mines a sampled line that left the ring (it is omitted, whatever the cut), standing for `weight` lines. */
  addWeighted(text: string, weight: number): void {
    this.mineWindow();
    if (text.trim().length === 0 || weight <= 0) return;
    this.miner.add(text, weight);
    this.counted += weight;
    if (weight !== 1) this.sampled = true;
  }

  /** True once counts are sampled estimates. */
  get estimated(): boolean {
    return this.sampled;
  }

  /** Window lines taken to be mined, mined or not yet (work counts for the tests). */
  get windowLinesMined(): number {
    return this.windowLines.length + this.pending.length;
  }

  /**
   * Offers line `number` of the final window: it counts only if the cut omits it. Once lines left the ring (the
   * counts are estimates), one line in WINDOW_SAMPLE is mined, standing for WINDOW_SAMPLE lines; before, every one.
   */
  addWindowLine(number: number, text: string): void {
    const weight = this.sampled ? WINDOW_SAMPLE : 1;
    if (number % weight !== 0 || text.trim().length === 0) return;
    this.pending.push({ number, text, weight });
  }

  /** Mines the window lines taken so far, in the order they came (the miner's templates depend on it). */
  private mineWindow(): void {
    if (this.pending.length === 0) return;
    const tokens = tokenizeAll(this.pending.map((line) => line.text));
    for (let index = 0; index < this.pending.length; index += 1) {
      const { number, text, weight } = this.pending[index]!;
      this.windowLines.push({ number, template: this.miner.add(text, 0, tokens[index]), weight });
    }
    this.pending = [];
  }

  /**
   * `mostly: 1840 × "gcc … -c fN.c -o fN.o", 212 × "…"`, or undefined when no template dominates. `atMost`: the lines
   * omitted; a sampled count (an estimate) is never said to be more.
   */
  describe(omitted: (lineNumber: number) => boolean, maxChars = 160, atMost = Number.POSITIVE_INFINITY): string | undefined {
    this.mineWindow();
    const counts = new Map<Template, number>();
    for (const template of this.miner.top(Number.MAX_SAFE_INTEGER)) if (template.count > 0) counts.set(template, template.count);
    let counted = this.counted;
    for (const line of this.windowLines) {
      if (!omitted(line.number)) continue;
      counts.set(line.template, (counts.get(line.template) ?? 0) + line.weight);
      counted += line.weight;
    }
    if (counted < 20) return undefined;
    const top = [...byDescription(counts)].filter(([, { count }]) => count >= Math.max(10, counted / 10)).sort((a, b) => b[1].count - a[1].count || a[1].id - b[1].id).slice(0, 3);
    if (top.length === 0) return undefined;
    const covered = top.reduce((sum, [, { count }]) => sum + count, 0);
    const about = this.estimated ? "~" : "";
    const parts = top.map(([text, { count }]) => `${about}${Math.min(Math.round(count), atMost)} × "${text}"`);
    let text = `${covered * 2 >= counted ? "mostly" : "among them"}: ${parts.join(", ")}`;
    while (text.length > maxChars && parts.length > 1) {
      parts.pop();
      text = `among them: ${parts.join(", ")}`;
    }
    return text.length > maxChars ? undefined : text;
  }
}

/**
 * The counts by what the summary shows of each template (two templates the miner kept apart may read the same once
 * runs of wildcards are one and the text is cut: shown twice, they read as one kind counted twice), the earliest
 * template's id for ties; templates of wildcards only are left out.
 */
function byDescription(counts: Map<Template, number>): Map<string, { count: number; id: number }> {
  const described = new Map<string, { count: number; id: number }>();
  for (const [template, count] of counts) {
    if (!template.tokens.some((token) => token !== WILDCARD)) continue;
    const text = describeTemplate(template, DESCRIBED_CHARS);
    const known = described.get(text);
    if (known) described.set(text, { count: known.count + count, id: Math.min(known.id, template.id) });
    else described.set(text, { count, id: template.id });
  }
  return described;
}
