// The one-line summary of an omitted range: the templates most of its lines follow, with counts.
import { describeTemplate, TemplateMiner, WILDCARD, type Template } from "./template.js";

/** Lines mined in full before sampling starts; each doubling of the lines seen then mines about as many again. */
const FULL_MINING = 8192;

/** Counts omitted lines by template, sampling evenly once there are many (counts are then estimates). */
export class OmissionSummary {
  private readonly miner = new TemplateMiner(512);
  private seen = 0;
  private stride = 1;
  private nextStrideAt = FULL_MINING;
  private sinceSample = 0;
  /** Lines counted (sampled lines weigh their stride). */
  counted = 0;
  /** Lines of the final window, mined but counted only if they end up omitted (see `describe`). */
  private readonly windowLines: { number: number; template: Template }[] = [];

  /** True when the next line should be mined (call `add` with it then); otherwise it is only counted. */
  wants(): boolean {
    this.seen += 1;
    if (this.seen > this.nextStrideAt) {
      this.stride *= 2;
      this.nextStrideAt *= 2;
    }
    this.sinceSample += 1;
    if (this.sinceSample < this.stride) return false;
    this.sinceSample = 0;
    return true;
  }

  /** Mines one sampled line that left the ring (it is omitted, whatever the cut). */
  add(text: string): void {
    if (text.trim().length === 0) return;
    this.miner.add(text, this.stride);
    this.counted += this.stride;
  }

  /** Mines one line of the final window: it counts only if the cut omits it. */
  addWindowLine(number: number, text: string): void {
    if (text.trim().length > 0) this.windowLines.push({ number, template: this.miner.add(text, 0) });
  }

  /** True once counts are sampled estimates. */
  get estimated(): boolean {
    return this.stride > 1;
  }

  /** `mostly: 1840 × "gcc … -c fN.c -o fN.o", 212 × "…"`, or undefined when no template dominates. */
  describe(omitted: (lineNumber: number) => boolean, maxChars = 160): string | undefined {
    const counts = new Map<Template, number>();
    for (const template of this.miner.top(Number.MAX_SAFE_INTEGER)) if (template.count > 0) counts.set(template, template.count);
    let counted = this.counted;
    for (const line of this.windowLines) {
      if (!omitted(line.number)) continue;
      counts.set(line.template, (counts.get(line.template) ?? 0) + 1);
      counted += 1;
    }
    if (counted < 20) return undefined;
    const top = [...counts].filter(([template, count]) => count >= Math.max(10, counted / 10) && template.tokens.some((token) => token !== WILDCARD)).sort((a, b) => b[1] - a[1] || a[0].id - b[0].id).slice(0, 3);
    if (top.length === 0) return undefined;
    const covered = top.reduce((sum, [, count]) => sum + count, 0);
    const about = this.estimated ? "~" : "";
    const parts = top.map(([template, count]) => `${about}${count} × "${describeTemplate(template, 48)}"`);
    let text = `${covered * 2 >= counted ? "mostly" : "among them"}: ${parts.join(", ")}`;
    while (text.length > maxChars && parts.length > 1) {
      parts.pop();
      text = `among them: ${parts.join(", ")}`;
    }
    return text.length > maxChars ? undefined : text;
  }
}
