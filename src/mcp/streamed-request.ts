// A client's frame over the server's line, read as it arrives (FrameReader hands it over once it has passed the
// line without its newline): it is passed to no server, only answered (oversized-request.ts), so only what answers it
// is kept: each message's `id` and `method` and its `params`' small members (a call's tool `name`, a cancellation's
// `requestId`, the arguments of a call to correx's own tools), wherever in the frame they come; the rest is stepped
// over (strings by indexOf, containers by their brackets). Memory stays flat however long the frame: held whole, a
// 1 GiB tools/call would take 2 GiB and, longer than a string may be, could not be parsed to be answered.
import { GrowingBytes } from "../normalize/growing-bytes.js";
import { JsonStringEnd } from "../normalize/json-string-end.js";
import { JsonSubtreeSkipper } from "../normalize/json-subtree.js";
import { endsScalar, isWhitespace } from "../normalize/json-syntax.js";
import type { StreamedFrame } from "./frame-reader.js";
import { RequestSkeleton, type RequestSummary } from "./request-skeleton.js";

export type { RequestSummary } from "./request-skeleton.js";

/** An `id`, a `method`, a tool's `name` or a cancelled `requestId` longer than this is not kept (an id so: null). */
export const KEPT_SCALAR_BYTES = 64 * 1024;
/** The other members of the `params` kept, in all (a call to correx's own tools is answered with them). */
export const KEPT_PARAMS_BYTES = 1024 * 1024;

const enum State { Value, ItemOrClose, KeyOrClose, Key, KeyString, Colon, ValueString, Scalar, Subtree, After, Done, Failed }
const enum Role { Batch, Message, Params }
/** What becomes of the value being read: stepped over, kept (up to a number of bytes), or walked into (an object). */
const enum Target { Skip, Keep, Walk }

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const KEYS_OF_MESSAGE: ReadonlySet<string> = new Set(["id", "method"]);
const SMALL_PARAMS: ReadonlySet<string> = new Set(["name", "requestId"]);

/** One client frame over the server's line; `onEnd` gets what was kept of it once it has ended. */
export class StreamedRequest implements StreamedFrame {
  bytes = 0;
  /** The most bytes the reader held at once (for the memory tests). */
  largestHeld = 0;
  private state = State.Value;
  private readonly stack: Role[] = [];
  private readonly skeleton = new RequestSkeleton();
  private paramsLeft = KEPT_PARAMS_BYTES;
  /** The key being read (its bytes as written, escapes and all), undefined once it is too long to be kept. */
  private key: number[] | undefined = [];
  private keyText: string | undefined;
  private target = Target.Skip;
  private keepLimit = 0;
  private keepShared = false;
  private kept = new GrowingBytes();
  private keptFrom = 0;
  private readonly string = new JsonStringEnd();
  private readonly subtree = new JsonSubtreeSkipper();

  constructor(private readonly onEnd: (summary: RequestSummary) => void) {}

  get heldBytes(): number {
    return this.skeleton.heldBytes + this.kept.length + (this.key?.length ?? 0);
  }

  write(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.keptFrom = 0;
    let index = 0;
    while (index < chunk.length && this.state !== State.Failed) index = this.step(chunk, index);
    if (this.target === Target.Keep && this.state >= State.ValueString && this.state <= State.Subtree) this.keep(chunk.subarray(this.keptFrom));
    this.largestHeld = Math.max(this.largestHeld, this.heldBytes);
  }

  end(): void {
    this.onEnd(this.skeleton.summary(this.bytes, this.state === State.Done));
  }

  /** Reads from `index` in the current state: the index it got to. */
  private step(chunk: Buffer, index: number): number {
    switch (this.state) {
      case State.Value:
      case State.ItemOrClose:
      case State.KeyOrClose:
      case State.Key:
      case State.Colon:
      case State.After:
      case State.Done: {
        while (index < chunk.length && isWhitespace(chunk[index]!)) index += 1;
        return index < chunk.length ? this.token(chunk, index) : index;
      }
      case State.KeyString: {
        const end = this.string.find(chunk, index);
        const stop = end === -1 ? chunk.length : end - 1;
        if (this.key !== undefined && this.key.length + stop - index <= KEPT_SCALAR_BYTES) for (let at = index; at < stop; at += 1) this.key.push(chunk[at]!);
        else this.key = undefined;
        if (end === -1) return chunk.length;
        this.keyText = this.key === undefined ? undefined : keyOf(this.key);
        this.state = State.Colon;
        return end;
      }
      case State.ValueString: {
        const end = this.string.find(chunk, index);
        return end === -1 ? chunk.length : this.valueEnded(chunk, end);
      }
      case State.Subtree: {
        const end = this.subtree.skip(chunk, index);
        return end === -1 ? chunk.length : this.valueEnded(chunk, end);
      }
      case State.Scalar: {
        while (index < chunk.length && !endsScalar(chunk[index]!)) index += 1;
        return index < chunk.length ? this.valueEnded(chunk, index) : index;
      }
      default:
        return chunk.length;
    }
  }

  /** The byte at `index` (no whitespace) in a state between tokens. */
  private token(chunk: Buffer, index: number): number {
    const byte = chunk[index]!;
    const role = this.stack[this.stack.length - 1];
    switch (this.state) {
      case State.Done:
        return this.fail();
      case State.Colon:
        if (byte !== 0x3a) return this.fail();
        this.chooseTarget(role!);
        this.state = State.Value;
        return index + 1;
      case State.KeyOrClose:
      case State.Key:
        if (byte === 0x7d && this.state === State.KeyOrClose) return this.close(index);
        if (byte !== QUOTE) return this.fail();
        this.key = [];
        this.string.start();
        this.state = State.KeyString;
        return index + 1;
      case State.After:
        if (byte === 0x2c) {
          this.state = role === Role.Batch ? State.Value : State.Key;
          if (role === Role.Batch) this.target = Target.Walk;
          return index + 1;
        }
        return byte === (role === Role.Batch ? 0x5d : 0x7d) ? this.close(index) : this.fail();
      case State.ItemOrClose:
        if (byte === 0x5d) return this.close(index);
        this.target = Target.Walk;
        this.state = State.Value;
        return index;
      default:
        return this.value(chunk, index, byte, role);
    }
  }

  /** A value starts at `index`. */
  private value(chunk: Buffer, index: number, byte: number, role: Role | undefined): number {
    if (endsScalar(byte)) return this.fail(); // no value at all (`[1,]`, `{"id":}`)
    if (role === undefined) {
      if (byte === 0x5b) {
        this.skeleton.openBatch();
        this.stack.push(Role.Batch);
        this.state = State.ItemOrClose;
        return index + 1;
      }
      return byte === 0x7b ? this.open(Role.Message, index) : this.fail();
    }
    if (this.target === Target.Walk && byte === 0x7b) return this.open(role === Role.Batch ? Role.Message : Role.Params, index);
    if (role === Role.Batch) {
      this.skeleton.noMessage();
      this.target = Target.Skip;
    }
    // a params that is no object is kept whole as another member is
    if (this.target === Target.Walk) this.keepUpTo(this.paramsLeft, true);
    this.keptFrom = index;
    if (byte === QUOTE) {
      this.string.start();
      this.state = State.ValueString;
      return index + 1;
    }
    if (byte === 0x7b || byte === 0x5b) {
      this.subtree.start();
      this.state = State.Subtree;
      return index + 1;
    }
    this.state = State.Scalar;
    return index;
  }

  /** What to do with the value of the key just read in a container of `role`. */
  private chooseTarget(role: Role): void {
    const key = this.keyText;
    this.target = Target.Skip;
    if (role === Role.Message) {
      if (key === "params") this.target = Target.Walk;
      else if (key !== undefined && KEYS_OF_MESSAGE.has(key)) this.keepUpTo(KEPT_SCALAR_BYTES);
    } else if (key === undefined) {
      this.skeleton.cutMessage(); // a key too long to keep: its member is not kept
    } else {
      const small = SMALL_PARAMS.has(key);
      this.keepUpTo(small ? KEPT_SCALAR_BYTES : this.paramsLeft, !small);
    }
  }

  /** The next value is kept up to `limit` bytes; `shared`: out of what is left of KEPT_PARAMS_BYTES. */
  private keepUpTo(limit: number, shared = false): void {
    this.target = Target.Keep;
    this.keepLimit = limit;
    this.keepShared = shared;
    this.kept = new GrowingBytes();
  }

  private keep(bytes: Buffer): void {
    if (this.target !== Target.Keep || bytes.length === 0) return;
    if (this.kept.length + bytes.length > this.keepLimit) {
      this.target = Target.Skip;
      this.kept = new GrowingBytes();
      this.notKept();
      return;
    }
    this.kept.append(bytes);
  }

  /** The value being kept is too long: an id is null (JSON-RPC's id that could not be read), a method no message. */
  private notKept(): void {
    const role = this.stack[this.stack.length - 1];
    if (role === Role.Message && this.keyText === "id") this.skeleton.member(this.key!, Buffer.from("null"));
    else if (role === Role.Message && this.keyText === "method") this.skeleton.invalidMessage();
    else this.skeleton.cutMessage();
  }

  /** The value ended just before `end`: a kept one is written as a member of its container. */
  private valueEnded(chunk: Buffer, end: number): number {
    this.keep(chunk.subarray(this.keptFrom, end));
    if (this.target === Target.Keep) {
      const value = this.kept.take();
      if (this.keepShared) this.paramsLeft -= value.length;
      this.skeleton.member(this.key!, value);
    }
    this.target = Target.Skip;
    this.state = State.After;
    return end;
  }

  /** An object walked into opens at `index`. */
  private open(role: Role, index: number): number {
    if (role === Role.Message) this.skeleton.openMessage(this.stack.length > 0);
    else this.skeleton.openParams(this.key!);
    this.stack.push(role);
    this.target = Target.Skip;
    this.state = State.KeyOrClose;
    return index + 1;
  }

  /** The container walked into closes at `index`. */
  private close(index: number): number {
    const role = this.stack.pop();
    if (role === Role.Params) this.skeleton.closeParams();
    else if (role === Role.Batch) this.skeleton.closeBatch();
    else this.skeleton.closeMessage();
    this.state = this.stack.length === 0 ? State.Done : State.After;
    return index + 1;
  }

  private fail(): number {
    this.state = State.Failed;
    return Number.MAX_SAFE_INTEGER;
  }
}

/** A key's text as JSON reads it (undefined when its escapes are no JSON). */
function keyOf(bytes: number[]): string | undefined {
  const raw = Buffer.from(bytes);
  if (!raw.includes(BACKSLASH)) return raw.toString("utf8");
  try {
    return JSON.parse(`"${raw.toString("utf8")}"`) as string;
  } catch {
    return undefined;
  }
}
