// `correx proxy`'s long response frames, read as they arrive: the JSON-RPC response is tokenized by the envelope
// reader (normalize/envelope-stream.ts, `within: "response"`), the text of its result's content blocks is bounded as
// it is decoded and the frame's bytes are spilled as they come, so that a huge result is never held whole. A
// tools/call answer sure not to fit is then bounded as result-bound.ts bounds one held whole; anything else (another
// answer, an error, a result that may fit, media with --max-media) is read back from the spill and routed whole.
// Past --max-output (the spill capped) only a frame that can only end up bounded streams on; any other is held.
import { readFileSync } from "node:fs";
import { resolveBoundOptions } from "../bound/defaults.js";
import { BoundSession, type RawReplay } from "../bound/session.js";
import { EnvelopeStreamReader } from "../normalize/envelope-stream.js";
import { normalizeValue } from "../normalize/index.js";
import { parseJsonBytes } from "../normalize/json-input.js";
import { MCP_PART_SEPARATOR } from "../normalize/parts.js";
import { isReduced } from "../normalize/reduced-json.js";
import type { EnvelopeSkeleton } from "../normalize/streamed-token.js";
import { isRecord } from "../payload.js";
import type { ProjectOptions } from "../project/project.js";
import { finishStreamedProjection } from "../project/streamed-projection.js";
import { withoutReturn } from "./frame-reader.js";
import { CLIENT_LINE_SAID, MEDIA_KEPT_CHARS } from "./client-limits.js";
import type { CheckStructured } from "./output-schemas.js";
import { mediaWithinLine } from "./oversized-call.js";
import type { CorrexToolNames } from "./proxy-tools.js";
import { assembleBounded, optionsForResult, readMediaData, type Block, type BoundResult, type ResultBoundOptions } from "./result-bound.js";
import { reducedOverBudget } from "./structured-bound.js";
import { structuredFits, structuredTokenLimit } from "./structured-tokens.js";
import { noteReservation } from "./structured-note.js";

/** A frame that grows past this without its newline is read as it arrives. */
export const STREAM_FRAME_BYTES = 1024 * 1024;

/** Where a streamed frame goes once it has ended. */
export interface StreamedFrameRoute {
  /**
   * Sends the bounded answer when `message` answers a tools/call the router waits for, or drops a late answer to a
   * request the client no longer waits for (true, `bound` not called); false: route the frame whole.
   */
  answer(message: Record<string, unknown>, bound: (names: CorrexToolNames, check?: CheckStructured) => Record<string, unknown> | undefined): boolean;
  /** Routes a frame the ordinary way. */
  whole(frame: Buffer): void;
  /** The frame could not be kept to route it whole (the spill failed): what its message said of itself, if anything. */
  lost(message: Record<string, unknown> | undefined, reason: string): void;
  /** What bounding said (warnings, the id of the saved output). */
  report(outcome: BoundResult): void;
  /** True when every request waiting for an answer is a tools/call (so a result frame can only answer one). */
  awaitsOnlyCalls?(): boolean;
}

/** One long response frame, read as it arrives. */
export class StreamedResponse {
  private readonly session: BoundSession;
  private readonly reader: EnvelopeStreamReader;
  private readonly project: ProjectOptions;
  private reading = true;
  /** The frame's bytes once it is longer than the spill may keep (it is then routed whole), unless its start was lost. */
  private held: Buffer[] | undefined;
  private startLost = false;
  /** Bytes of the frame read (for the tests). */
  bytes = 0;
  /** Bytes of the frame held whole because it grew past the spill's cap (for the memory tests). */
  heldBytes = 0;
  /** The frame grew past the spill's cap and streams on: it can only end up bounded (see `canOnlyBeBounded`). */
  private capped = false;

  constructor(private readonly options: Omit<ResultBoundOptions, "readToolName">, private readonly route: StreamedFrameRoute) {
    this.project = { ...options.bound, to: "mcp", ...(options.spill ? { spill: options.spill } : {}), ...(options.spillFailure ? { spillFailure: options.spillFailure } : {}) };
    this.session = new BoundSession(resolveBoundOptions(this.project), options.spill, options.spillFailure);
    this.reader = new EnvelopeStreamReader({ separator: MCP_PART_SEPARATOR, sink: (bytes) => this.session.writeDerivedText(bytes), within: "response" });
  }

  /** The largest buffer the reader held (for the memory tests). */
  get largestHeld(): number {
    return this.reader.largestHeld;
  }

  /** The frame's next bytes (the caller may reuse them). */
  write(bytes: Buffer): void {
    this.bytes += bytes.length;
    if (this.held !== undefined) {
      if (!this.startLost) this.hold(Buffer.from(bytes));
      return;
    }
    // Past what the spill may keep, the frame could not be read back to be routed whole: it streams on when it can
    // only end up bounded (the spill capped, as `correx bound --max-output` caps it), else it is held, as before.
    if (!this.capped && this.bytes > (this.options.spill?.maxOutputBytes ?? Number.POSITIVE_INFINITY)) {
      if (this.canOnlyBeBounded()) {
        this.capped = true;
        this.reader.keepStructuredWhole();
      } else {
        const replay = this.session.rawReplay();
        this.startLost = !replay.complete;
        this.held = [];
        if (!this.startLost) [readReplay(replay), Buffer.from(bytes)].forEach((part) => this.hold(part));
        this.session.discard();
        return;
      }
    }
    this.session.writeRaw(bytes);
    if (this.reading) this.reading = this.reader.write(bytes);
  }

  private hold(bytes: Buffer): void {
    this.held!.push(bytes);
    this.heldBytes += bytes.length;
  }

  /**
   * True when bound() cannot decline whatever follows: a result read as a stream so far, waited for only by
   * tools/calls, whose texts are already over the byte budget, no --max-media, and no structuredContent reduced yet
   * (one that follows is kept whole, so its reduction never has to stand for it).
   */
  private canOnlyBeBounded(): boolean {
    return this.reading && this.options.maxMediaBytes === undefined && this.route.awaitsOnlyCalls?.() === true
      && !this.reader.structuredStarted && this.reader.textUnits > this.options.bound.budget.maxBytes;
  }

  /** The frame has ended: answered here, or routed whole. */
  end(): void {
    if (this.held !== undefined) {
      if (this.startLost) this.route.lost(undefined, "the spill that kept its start failed");
      else this.route.whole(withoutReturn(Buffer.concat(this.held)));
      this.held = undefined;
      return;
    }
    const ended = this.reading ? this.reader.end() : undefined;
    const message = ended ? parseResponse(ended) : undefined;
    let outcome: BoundResult | undefined;
    const bound = (names: CorrexToolNames, check?: CheckStructured): Record<string, unknown> | undefined => {
      outcome = this.bound(message!.result, ended!, names, check);
      return outcome?.result;
    };
    if (message && this.route.answer(message, bound)) {
      // answered bounded, or dropped (a late answer to a request the client no longer waits for): nothing to keep
      if (outcome) this.route.report(outcome);
      else this.session.discard();
      return;
    }
    const replay = this.session.rawReplay();
    const frame = replay.complete ? withoutReturn(readReplay(replay)) : undefined;
    this.session.discard();
    if (frame) this.route.whole(frame);
    else this.route.lost(message, "the spill that kept it failed or was capped");
  }

  /** Bounds the result as boundCallToolResult does; undefined (nothing written) when it must be read whole. */
  private bound(value: unknown, ended: EnvelopeSkeleton, names: CorrexToolNames, check: CheckStructured | undefined): BoundResult | undefined {
    if (!isRecord(value) || !Array.isArray(value.content)) return undefined;
    // An error result may have a smaller budget of its own (client-limits.ts), known only now (`isError` may follow
    // the content): the text streamed into a session with the usual budget is finished with it (a late budget).
    const options = optionsForResult(value, this.options);
    const content = value.content as Block[];
    const media = new Set(content.map(readMediaData).filter((data): data is string => data !== undefined));
    const { structuredContent, ...rest } = value;
    const budget = options.bound.budget;
    // Only a result whose texts alone are over the bytes is bounded here (whole, it would be cut too).
    if (ended.texts.reduce((sum, text) => sum + text.units, 0) <= budget.maxBytes) return undefined;
    if (this.options.maxMediaBytes !== undefined && media.size > 0) return undefined;
    // (a value reduced as it streamed may have lost what the tool's outputSchema needs kept: checked, it is read whole)
    if (isReduced(structuredContent) && (media.size > 0 || check !== undefined || !reducedOverBudget(structuredContent, budget.maxBytes))) return undefined;
    // Media that may put the answer over the client's line (a structuredContent may repeat them) are left out the
    // largest first where the answer is read whole (oversized-call.ts); past --max-output, where it cannot be, here.
    const mediaChars = content.reduce((sum, block) => sum + (readMediaData(block)?.length ?? 0), 0) * (structuredContent === undefined ? 1 : 2);
    const overLine = mediaChars > MEDIA_KEPT_CHARS;
    if (overLine && !this.capped) return undefined;
    // A structuredContent that will be cut leaves room for the note saying so (result-bound.ts does the same).
    const tokens = structuredTokenLimit(budget.maxTokens, this.options.bound.countTokens);
    if (structuredContent !== undefined && (isReduced(structuredContent) || !structuredFits(structuredContent, { media, maxBytes: budget.maxBytes }, tokens))) this.session.reservedBeside = noteReservation(budget.maxBytes);
    const projected = finishStreamedProjection(normalizeValue({ ...rest, content }, "mcp"), ended, MCP_PART_SEPARATOR, this.session, { ...this.project, budget });
    if (projected === undefined) return undefined;
    const outputId = projected.bound.spill?.kind === "saved" ? projected.bound.spill.id : undefined;
    const texts = content.filter((block) => block.type === "text").map((_block, index) => ({ units: ended.texts[index]?.units ?? -1 }));
    const outcome = assembleBounded(projected, outputId, { rest, structuredContent, media, dropped: new Set(), texts, noteRoom: this.session.reservedBeside !== undefined }, { budget, ...(options.bound.countTokens ? { countTokens: options.bound.countTokens } : {}), readToolName: names.read, ...(check ? { checkStructured: check } : {}) });
    if (!overLine || outcome.result === undefined) return outcome;
    const said = `the server's answer (${this.bytes} bytes) is over the client's ${CLIENT_LINE_SAID} line limit: its largest media were left out`;
    return { ...outcome, result: mediaWithinLine(outcome.result, this.bytes, outcome.outputId, names.read, MEDIA_KEPT_CHARS, CLIENT_LINE_SAID), warnings: [...outcome.warnings, said] };
  }
}

/** The response's skeleton parsed, the structured content read as it streamed put where its token stands. */
function parseResponse(ended: EnvelopeSkeleton): Record<string, unknown> | undefined {
  let message: unknown;
  try {
    message = parseJsonBytes(ended.skeleton);
  } catch {
    return undefined;
  }
  if (!isRecord(message)) return undefined;
  const result = message.result;
  if (ended.structured && isRecord(result) && result.structuredContent === ended.structured.token) result.structuredContent = ended.structured.value;
  return message;
}

/** The frame as the session kept it (its memory, then its spill file). */
function readReplay(replay: RawReplay): Buffer {
  return Buffer.concat([...replay.memory, ...(replay.path === undefined ? [] : [readFileSync(replay.path)])]);
}
