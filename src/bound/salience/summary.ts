// The one-line summary of an omitted range: the templates most of its lines follow, with counts.
import { describeTemplate, TemplateMiner, type Template } from "./template.js";

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

  /** Mines one sampled line. */
  add(text: string): void {
    if (text.trim().length === 0) return;
    this.miner.add(text, this.stride);
    this.counted += this.stride;
  }

  /** True once counts are sampled estimates. */
  get estimated(): boolean {
    return this.stride > 1;
  }

  /** The dominant templates: those with at least a tenth of the lines, at most three. */
  dominant(): Template[] {
    if (this.counted < 20) return [];
    return this.miner.top(3).filter((template) => template.count >= Math.max(10, this.counted / 10));
  }

  /** `mostly: 1840 × "gcc … -c fN.c -o fN.o", 212 × "…"`, or undefined when no template dominates. */
  describe(maxChars = 160): string | undefined {
    const top = this.dominant();
    if (top.length === 0) return undefined;
    const covered = top.reduce((sum, template) => sum + template.count, 0);
    const about = this.estimated ? "~" : "";
    const parts = top.map((template) => `${about}${template.count} × "${describeTemplate(template, 48)}"`);
    let text = `${covered * 2 >= this.counted ? "mostly" : "among them"}: ${parts.join(", ")}`;
    while (text.length > maxChars && parts.length > 1) {
      parts.pop();
      text = `among them: ${parts.join(", ")}`;
    }
    return text.length > maxChars ? undefined : text;
  }
}
