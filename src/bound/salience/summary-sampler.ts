// Which lines of the bytes that left the ring are mined for the summary's estimate of what the omitted lines were.
import type { ScanWork } from "./hit-finder.js";
import type { OmissionSummary } from "./summary.js";

const NEWLINE = 0x0a;
/**
 * Bytes of lines that left the ring per line mined for the summary, at first: doubled after every SAMPLES_PER_STEP
 * lines. 4 KiB: an output of a few hundred KB whose kind of line changes part-way (compiling, then linking) gets a
 * few dozen samples, not the two or three that once counted all its lines as the first kind.
 */
const SAMPLE_BYTES = 4 * 1024;
const SAMPLES_PER_STEP = 128;

/**
 * Mines a line every SAMPLE_BYTES (doubled after every SAMPLES_PER_STEP lines: a gigabyte needs no more lines for
 * its estimate than a few megabytes), each standing for its share of the lines since the last one (the lines
 * after the last, less than the sampling step and a small share of so many, are not counted).
 */
export class SummarySampler {
  /** The bytes and lines that left the ring since the last line mined (work.sampledLines counts those mined). */
  private unsampled = { bytes: 0, lines: 0 };

  constructor(
    private readonly summary: OmissionSummary,
    private readonly work: ScanWork,
    private readonly decode: (bytes: Buffer, start: number, end: number) => string,
  ) {}

  /** The region bytes[start, end) of whole lines, `lines` of them, left the ring. */
  sample(bytes: Buffer, start: number, end: number, lines: number): void {
    this.unsampled.bytes += end - start;
    this.unsampled.lines += lines;
    // The first SAMPLES_PER_STEP lines: one per region at least (as many as SAMPLE_BYTES fit in it), whatever its size.
    const sampled = this.work.sampledLines;
    const every = SAMPLE_BYTES * 2 ** Math.floor(sampled / SAMPLES_PER_STEP);
    if (sampled >= SAMPLES_PER_STEP && this.unsampled.bytes < every) return;
    const samples = Math.max(1, Math.floor((end - start) / every));
    const weight = this.unsampled.lines / samples;
    this.unsampled = { bytes: 0, lines: 0 };
    for (let index = 0; index < samples; index += 1) {
      const at = start + index * every;
      const lineStart = at === start ? start : bytes.indexOf(NEWLINE, at) + 1;
      if ((lineStart === 0 && at !== start) || lineStart >= end) break; // no line starts after `at` in the region
      const newline = bytes.indexOf(NEWLINE, lineStart);
      this.summary.addWeighted(this.decode(bytes, lineStart, newline === -1 || newline >= end ? end - 1 : newline), weight);
      this.work.sampledLines += 1;
    }
  }
}
