// Where the byte path looks: needle hits worth scoring in the bytes that leave the ring, and the allowance that
// keeps a flood of errors from costing a regex per line.
import type { RingStorage } from "../byte-ring.js";
import { NeedleScan, type FoundHits } from "./needle-scan.js";
import { MOST_HELD_BYTES, type RegionMemory } from "./regions.js";
import { BYTE_NEEDLES, findHits } from "./prefilter.js";

/** Lines fully scored before the allowance below is all there is (every real output stays under it). */
const INITIAL_ALLOWANCE = 16384;
/** Further lines scored per byte that leaves the ring (64 per MiB): a flood of errors costs O(bytes), not O(lines × regex). */
const ALLOWANCE_PER_BYTE = 64 / (1024 * 1024);
/** Scored lines a flood must have earned before the needles run again (only without WebAssembly: indexOf per needle). */
const FLOOD_BATCH = 256;
/**
 * Hits of one kind of line (the line from the needle, hex digits masked and each run of them one digit, its first
 * 32 such bytes) scored while the allowance is ample…
 * (16: the reservoir keeps 2 of a template first and the earlier of equals, so a 17th line of one kind could only
 * have entered with a higher score, a location or a reject word past its 32 bytes; 64 kept the same lines on the
 * recorded outputs followed by 2 MiB of log lines and on 100 MiB of bench logs, at 4 times the lines scored.)
 */
export const REPEATS_PER_KIND = 16;
/** …and once it runs low (a flood): a new kind of line is still found, more of a known kind costs nothing. */
const FLOOD_REPEATS_PER_KIND = 4;
/** Allowance under which the scan counts as a flood. */
const FLOOD_ALLOWANCE = 1024;
/** Allowance a line looked at for a frame costs (a decode and one regex, not the rules). */
const FOLLOW_COST = 0.25;

/** What the byte path did, counted (perf tests count work, never time). */
export interface ScanWork {
  /** Bytes the needle scan looked at (each byte once, whatever the number of needles). */
  scannedBytes: number;
  /** Bytes that left the ring without a needle scan (a flood skipping: only without WebAssembly). */
  skippedBytes: number;
  /** Needle hits handed back by the scan (with WebAssembly, only those of a kind of line not yet seen often). */
  hits: number;
  /** Lines decoded and scored by the rules. */
  scoredLines: number;
  /** Lines decoded under a closed group only to find its frame (each costs a quarter of a scored line's allowance). */
  followedLines: number;
  /** Lines that left the ring mined for the summary's estimate. */
  sampledLines: number;
  /** Bytes copied into the WebAssembly scan's window (a region gathered in its stage is scanned where it lies). */
  copiedBytes: number;
  /** Bytes copied to gather a region from two pieces (none when the tail ring lies in the scan's memory, but at its wrap). */
  gatheredBytes: number;
}

/** Hits of a region, with the newlines before each and in all when the scan counted them (else undefined). */
export type RegionHits = { positions: number[]; linesBefore?: number[]; newlines?: number };

/** Finds the hits of each region and meters how many lines may be scored. */
export class HitFinder {
  readonly work: ScanWork = { scannedBytes: 0, skippedBytes: 0, hits: 0, scoredLines: 0, followedLines: 0, sampledLines: 0, copiedBytes: 0, gatheredBytes: 0 };
  private allowance = INITIAL_ALLOWANCE;
  /** The needles looked for (all of prefilter.ts's until `withoutNeedles`). */
  private needles: readonly Buffer[] = BYTE_NEEDLES;
  private flooded = false;
  /** The one-pass SIMD scan (undefined until first used; null without WebAssembly or when `simd` is off). */
  private needleScan: NeedleScan | null | undefined;

  /** `simd` false: the indexOf-per-needle path, as where WebAssembly SIMD is missing (for tests). */
  constructor(simd = true) {
    if (!simd) this.needleScan = null;
  }

  /**
   * Stops looking for the needles spelt `texts` from the next region on (the rare warnings' once the log has more
   * warnings than are rare: a WARN line in six of the bench's log lines doubled the hits to look up).
   */
  withoutNeedles(texts: readonly string[]): void {
    this.needles = this.needles.filter((needle) => !texts.includes(needle.toString("latin1")));
    if (this.needleScan) this.needleScan.setNeedles(this.needles);
  }

  /** Bytes that left the ring earn allowance. */
  earn(bytes: number): void {
    this.allowance += bytes * ALLOWANCE_PER_BYTE;
  }

  /** True while lines may still be scored. */
  get canScore(): boolean {
    return this.allowance >= 1;
  }

  /** True when one more line may be scored (and counts it). */
  takeScore(): boolean {
    if (this.allowance < 1) return false;
    this.allowance -= 1;
    this.work.scoredLines += 1;
    return true;
  }

  /** True when one more line may be looked at for a closed group's frame (and counts it: a quarter of a scored line). */
  takeFollow(): boolean {
    if (this.allowance < 1) return false;
    this.allowance -= FOLLOW_COST;
    this.work.followedLines += 1;
    return true;
  }

  /**
   * Hits in bytes[start, end) (whole lines) worth scoring. With WebAssembly every byte is scanned once, the lines
   * are counted in the same pass, and a hit comes back while its kind of line is new enough; without, indexOf per
   * needle, which a flood runs only now and then (the caller then counts lines between hits).
   */
  find(bytes: Buffer, start: number, end: number): RegionHits {
    const scan = this.scan();
    const hits = scan ? this.scanSimd(scan, bytes, start, end) : this.scanEach(bytes, start, end);
    this.work.hits += hits.positions.length;
    return hits;
  }

  /**
   * Where regions are held (see RegionMemory), for a log (`isLog`, asked when a region is first gathered) in the
   * scan's own memory: a region that spans two pieces in the ring's memory where it lies (NeedleScan.joinInRing),
   * else gathered in the scan's window, which the scan then reads where it lies; else an allocated buffer.
   */
  regionMemory(isLog: () => boolean): RegionMemory {
    return {
      stage: (bytes) => (isLog() ? this.scan()?.stage(bytes) : undefined) ?? Buffer.allocUnsafe(bytes),
      join: (pending, piece) => this.needleScan?.joinInRing(pending, piece, this.work),
      work: this.work,
    };
  }

  /**
   * Memory for the tail ring inside the scan's (NeedleScan.ringStorage), its slack what regions hold at most, or
   * undefined without WebAssembly SIMD.
   */
  ringStorage(capacity: number): RingStorage | undefined {
    return this.scan()?.ringStorage(capacity, MOST_HELD_BYTES) ?? undefined;
  }

  /** The one-pass SIMD scan, made on first use (null without WebAssembly SIMD or with `simd` off). */
  private scan(): NeedleScan | null {
    if (this.needleScan === undefined) this.needleScan = NeedleScan.create(this.needles);
    return this.needleScan;
  }

  /** Ends a region: an allowance run out marks a flood. */
  endRegion(): void {
    if (this.allowance < 1) this.flooded = true;
  }

  private scanSimd(scan: NeedleScan, bytes: Buffer, start: number, end: number): RegionHits {
    this.work.scannedBytes += end - start;
    const found: FoundHits = { positions: [], linesBefore: [] };
    const repeats = this.allowance >= FLOOD_ALLOWANCE ? REPEATS_PER_KIND : FLOOD_REPEATS_PER_KIND;
    // No more hits than the allowance can score (twice: some fall in lines already taken).
    const newlines = scan.scan(bytes, start, end, repeats, 2 * Math.floor(this.allowance) + 8, found);
    this.work.copiedBytes = scan.copiedBytes;
    return { ...found, newlines };
  }

  private scanEach(bytes: Buffer, start: number, end: number): RegionHits {
    // In a flood (the allowance ran out once), needles run only once a batch of allowance has built up again.
    if (this.allowance < (this.flooded ? FLOOD_BATCH : 1)) {
      this.work.skippedBytes += end - start;
      return { positions: [] };
    }
    this.work.scannedBytes += end - start;
    const limit = Math.floor(this.allowance);
    const positions = findHits(bytes, start, end, limit, this.needles);
    // More hits than allowance: a flood (hits in lines already taken would keep the allowance from running out).
    if (positions.length >= limit) this.flooded = true;
    return { positions };
  }
}
