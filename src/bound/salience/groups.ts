// Builds salient groups line by line, shared by the byte path (lines leaving the ring) and the line path (the window).
import { continuesLine, indentOf, scoreLine, SALIENT_SCORE } from "./rules.js";
import { withoutTaskPrefix } from "./tool-rules.js";
import { clip, ownerOf } from "./owners.js";
import { EXAMPLES_PER_TEMPLATE, Reservoir, type NumberedLine, type SalientGroup } from "./reservoir.js";
import { RareWarnings, WARNING_SCORE } from "./rare-warnings.js";
import type { Above } from "./lines-above.js";
import { TemplateMiner } from "./template.js";
import { FailureList, isFailureListHead, NOTHING_ABOVE } from "./failure-list.js";
import { followFor, MAX_DIFF_GAP, type Follow } from "./group-follow.js";
import { ASSERTION, BARE_GUTTER, DIFF_LINE, DOCTEST_FAILURE, DOCTEST_PART, EXUNIT_DETAIL, FRAME, GO_FRAME, GO_FUNCTION, DETAIL_PARAGRAPH, LEGEND, LIST_ITEM, PASSING, PNPM_DETAIL, RUNTIME_FRAME, TAP_DIAGNOSTIC, TAP_FAILURE, TREE_ITEM, spansBlanks } from "./group-lines.js";

/** Continuation lines that may follow a salient line (stack frames, code excerpts, carets); a bare gutter `|` is not counted. */
const MAX_CONTINUATION = 10;

const lineBytes = (line: NumberedLine): number => Buffer.byteLength(line.text) + 1;
/** The lines of a refused group (none are kept). */
const NO_LINES: NumberedLine[] = [];

/** Feeds lines in order; salient ones (with their header, trace line and continuation) go to the reservoir. */
export class GroupBuilder {
  readonly reservoir: Reservoir;
  /** The log-level warnings scored: their groups held while they are rare (rare-warnings.ts), dropped once they are not. */
  readonly warnings: RareWarnings;
  private readonly miner = new TemplateMiner(256);
  private readonly ranks = new Map<number, number>();
  private open: SalientGroup | undefined;
  private openLeft = 0;
  /** Indent of the salient line that opened the open group (its continuation lines are deeper). */
  private openIndent = 0;
  /** True while the open group is its salient line alone and that line ends with `:` (what it announces is next). */
  private announces = false;
  /** True while the open group's salient line is a failed assertion (its diff's lines continue it). */
  private openDiffs = false;
  /** True right under Node's `Require stack:` in the open group (and its `- path` lines): the next `- path` line continues it. */
  private listing = false;
  /** True while the open group's salient line is TAP's `not ok N`: its `#` diagnostics continue it. */
  private tap = false;
  /** True while the open group's salient line is doctest's `Failed example:`: its `Expected:` and `Got:` continue it. */
  private doctest = false;
  /** True while the open group's salient line is a report whose parts a blank line parts (SPANS_BLANKS). */
  private spansBlanks = false;
  /** Under terraform's plain `Error: …` (DETAIL_PARAGRAPH): the paragraphs still taken past a blank line, and whether in one. */
  private paragraphs = 0;
  private inParagraph = false;
  /** A blank line under such a group, joined with the line under it when that line continues the group. */
  private blank: NumberedLine | undefined;
  private follow: Follow | undefined;
  /** Last line number taken into a group: a later hit inside it is not scored again. */
  private consumedThrough = 0;
  /** A numbered failure list under `Failures:` being read: each of its items opens a group (failure-list.ts). */
  private list: FailureList | undefined;
  /** The score of that list's `Failures:` line, which its items' groups take. */
  private listScore = 0;
  /** The last group the full reservoir refused (its rank is capped: it never looks on for a frame, `close`). */
  private dropped: SalientGroup | undefined;

  /** `notRare`: called once the log has more warnings than are rare (the scanner stops looking for them). */
  constructor(reservoir: Reservoir, notRare?: () => void) {
    this.reservoir = reservoir;
    this.warnings = new RareWarnings(() => {
      this.reservoir.dropBelow(SALIENT_SCORE);
      notRare?.();
    });
  }

  /** True while the next line may join a group (a continuation, or the frame a closed group looks for). */
  get wantsNext(): boolean {
    return this.open !== undefined || this.follow !== undefined || this.list !== undefined;
  }

  /** True when the next line is looked at only for a closed group's frame (the byte path meters those lines). */
  get following(): boolean {
    return this.open === undefined && (this.follow !== undefined || this.list !== undefined);
  }

  /** Starts over on another stretch of lines (the window's own lines after the lines that left the ring). */
  restart(): void {
    this.open = undefined;
    this.blank = undefined;
    this.follow = undefined;
    this.list = undefined;
    this.consumedThrough = 0;
  }

  /** Lines were skipped unseen: the open group ends and no frame is looked for past them. */
  skip(): void {
    this.open = undefined;
    this.blank = undefined;
    this.follow = undefined;
    this.list = undefined;
  }

  /** A line that is not a candidate: it may continue the open group or be a closed group's frame (true: it joined). */
  pass(line: NumberedLine): boolean {
    if (this.list) {
      if (this.list.takeItem(line.text)) return this.listItem(line);
      if (!this.list.goesOn(line.text)) this.list = undefined;
    }
    if (this.open) {
      if (this.openLeft > 0 && this.continues(line.text)) {
        this.join(line);
        return true;
      }
      if ((this.spansBlanks || this.paragraphs > 0) && this.blank === undefined && line.text.length === 0) {
        this.blank = line;
        return false;
      }
      this.close();
    }
    return this.follow !== undefined && this.followed(line);
  }

  /**
   * A candidate line (the prefilter matched): scored; when salient, opens a group. `before.at(distance)` gives the
   * line `distance` lines above it (for the owning header and the trace line), undefined past what is known.
   */
  offer(line: NumberedLine, before: Above, warnings = true): void {
    if (line.number <= this.consumedThrough) return;
    if (this.list?.takeItem(line.text)) {
      this.listItem(line);
      return;
    }
    let score = scoreLine(line.text);
    if (score < SALIENT_SCORE) {
      // A log-level warning is a group of its own, ranked under every error's, while the middle has few of them (`warnings`
      // false: a line the head shows, not counted).
      if (!warnings || !this.warnings.take(line.text)) {
        this.pass(line);
        return;
      }
      score = WARNING_SCORE;
    }
    if (this.open && this.openLeft > 0 && this.continues(line.text)) {
      // The group's last continuation line closes it (join): the group is held before that.
      const group = this.open;
      this.join(line);
      if (score > group.score) {
        group.score = score;
        if (group !== this.dropped) this.reservoir.rescored(group);
      }
      return;
    }
    const { template, rank } = this.startGroup(line.text);
    // A capped group the full reservoir refuses whatever travels with it (the group that leaves first is earlier than
    // any owner above the line, `before.lowest`) is not built: its lines are never read (issue 16: at 100 MiB of log
    // lines most scored lines are such); only what it takes matters (its continuation is not scored again).
    const refused = rank > EXAMPLES_PER_TEMPLATE && before.lowest !== undefined && this.reservoir.refuses(rank, score, Math.min(line.number, before.lowest()));
    this.open = refused ? (this.dropped = { lines: NO_LINES, score, template, rank, bytes: 0, salient: line.number }) : this.held(line, score, template, rank, before);
    // An item of a drawn tree (npm ls) takes no continuation: the lines under it are the tree's (group-lines.ts).
    this.openLeft = TREE_ITEM.test(line.text) ? 0 : MAX_CONTINUATION;
    // ExUnit's assertion is one of its block's lines: the lines as indented as it (`code:`, `left:`, `right:`) continue it.
    this.openIndent = indentOf(withoutTaskPrefix(line.text)) - (EXUNIT_DETAIL.test(line.text) ? 1 : 0);
    this.announces = line.text.trimEnd().endsWith(":");
    this.openDiffs = ASSERTION.test(line.text);
    this.listing = false;
    this.tap = line.text.startsWith(TAP_FAILURE);
    this.doctest = line.text === DOCTEST_FAILURE;
    this.spansBlanks = spansBlanks(line.text);
    [this.paragraphs, this.inParagraph] = [DETAIL_PARAGRAPH.test(line.text) ? 2 : 0, false];
    this.consumedThrough = line.number;
    if (isFailureListHead(line.text)) {
      this.list = new FailureList();
      this.listScore = score;
    }
  }

  /**
   * An item of a failure list: the first one right under `Failures:` joins it (`Failures:` announces it); any other
   * opens a group of its own, at the list's score, so that `2) …` is no sibling a small budget loses.
   */
  private listItem(line: NumberedLine): true {
    const open = this.open;
    if (open && open.lines.length === 1 && isFailureListHead(open.lines[0]!.text) && open.salient === line.number - 1) {
      this.join(line);
      return true;
    }
    const { template, rank } = this.startGroup(line.text);
    this.open = this.held(line, this.listScore, template, rank, NOTHING_ABOVE);
    this.openLeft = MAX_CONTINUATION;
    this.openIndent = indentOf(line.text);
    this.announces = this.openDiffs = this.listing = this.tap = this.doctest = this.spansBlanks = this.inParagraph = false;
    this.paragraphs = 0;
    this.consumedThrough = line.number;
    return true;
  }

  /** Closes the open group for a new one opening at `text`: its template, and its rank among that template's groups. */
  private startGroup(text: string): { template: number; rank: number } {
    if (this.open) this.close();
    this.follow = undefined;
    const template = this.miner.add(text).id;
    const rank = (this.ranks.get(template) ?? 0) + 1;
    this.ranks.set(template, rank);
    return { template, rank };
  }

  /** A group offered to the reservoir: its owner above (ownerOf), the line, what it weighs. */
  private held(line: NumberedLine, score: number, template: number, rank: number, before: Above): SalientGroup {
    const lines = ownerOf(line, before);
    lines.push({ number: line.number, text: clip(line.text) });
    let bytes = 0;
    for (let index = 0; index < lines.length; index += 1) bytes += lineBytes(lines[index]!);
    const group: SalientGroup = { lines, score, template, rank, bytes, salient: line.number };
    this.reservoir.offer(group);
    return group;
  }

  /**
   * True for a line that continues the open group (not a frame in Node's own code): deeper than its salient line, or opening with a frame or gutter
   * mark, or any line right under a salient line that ends with `:` (Rust's `panicked at src/lib.rs:9:5:` over its
   * message, `Expected values to be strictly equal:` over the values), or a line of a failed assertion's diff, or
   * an item of Node's `Require stack:`, TAP's `#` diagnostics under `not ok`, doctest's `Expected:` and `Got:`,
   * terraform's two detail paragraphs under its `Error:` line and a blank line.
   */
  private continues(text: string): boolean {
    // What continues a group is rarer than what ends one: the passing line and the runtime's frame are tried last.
    if (!(continuesLine(text, this.openIndent) || (this.announces && text.trim().length > 0) || (this.openDiffs && DIFF_LINE.test(text)) || (this.listing && LIST_ITEM.test(text)) || (this.tap && TAP_DIAGNOSTIC.test(text)) || (this.doctest && DOCTEST_PART.test(text)) || (this.spansBlanks && PNPM_DETAIL.test(text)) || (text.length > 0 && (this.blank ? this.paragraphs > 0 : this.inParagraph)))) return false;
    return !PASSING.test(text) && !RUNTIME_FRAME.test(text);
  }

  /**
   * Closes the open group. One of the first of its kind without a frame looks on for one (a test runner prints the
   * failure's title, its message, a diff and a code frame, then where it failed), and for its message when it ends
   * with a failure's title (jest's `expect(received).toEqual(expected)` under the `●` title and a blank line).
   */
  private close(): void {
    const group = this.open!;
    this.open = undefined;
    this.blank = undefined;
    const follow = followFor(group);
    if (follow !== undefined) this.follow = follow;
  }

  /** A line under a closed group that looks for its frame: taken when it is the frame, the message looked for, or a line of its assertion's diff. */
  private followed(line: NumberedLine): boolean {
    const follow = this.follow!;
    if ((follow.left -= 1) <= 0) this.follow = undefined;
    const last = follow.group.lines[follow.group.lines.length - 1]!.number;
    if (line.text.trim().length === 0) {
      if (line.number === last + 1) follow.blank = line.number;
      return false;
    }
    const frame = FRAME.test(line.text);
    if (follow.diffValues && LEGEND.test(line.text)) follow.diffs = false;
    const diff = follow.diffs && line.number - last <= MAX_DIFF_GAP && DIFF_LINE.test(line.text);
    if (diff && !follow.diffValues) follow.diffValues = !LEGEND.test(line.text);
    const taken = frame || diff || (follow.message && indentOf(line.text) > follow.indent);
    follow.message = false;
    if (frame) this.follow = undefined;
    const above = follow.previous;
    follow.previous = line;
    if (taken) {
      if (!follow.diffs && ASSERTION.test(line.text)) follow.diffs = true;
      if (follow.blank === line.number - 1 && follow.blank === last + 1) this.add(follow.group, { number: follow.blank, text: "" });
      if (frame && above?.number === line.number - 1 && GO_FRAME.test(line.text) && GO_FUNCTION.test(above.text)) this.add(follow.group, above);
      this.add(follow.group, line);
    }
    return taken;
  }

  private join(line: NumberedLine): void {
    // redis-server's refused configuration line (`>>> 'maxmemory 1.7gb'`) announces its reason under it.
    this.announces = (this.spansBlanks && line.text.trimEnd().endsWith(":")) || line.text.startsWith(">>> '");
    // terraform's detail: the two paragraphs past the blank line under `Error:` (a line right under it starts none).
    if (this.blank && this.paragraphs > 0) [this.paragraphs, this.inParagraph] = [this.paragraphs - 1, true];
    else if (!this.inParagraph) this.paragraphs = 0;
    if (this.blank) this.add(this.open!, this.blank);
    this.blank = undefined;
    this.listing = line.text === "Require stack:" || (this.listing && LIST_ITEM.test(line.text));
    this.add(this.open!, line);
    if (!BARE_GUTTER.test(line.text)) this.openLeft -= 1;
    if (this.openLeft === 0) this.close();
  }

  private add(group: SalientGroup, line: NumberedLine): void {
    this.consumedThrough = line.number;
    if (group === this.dropped) return; // refused: what joins it is never shown
    const joined = { number: line.number, text: clip(line.text) };
    group.lines.push(joined);
    const bytes = lineBytes(joined);
    group.bytes += bytes;
    this.reservoir.grew(group, bytes);
  }
}
