// What StreamedRequest (streamed-request.ts) keeps of a client frame over the server's line: the frame rewritten with
// only the members that answer it (`{"id":…,"method":…,"params":{…}}`, a batch's items in order, `null` for an item
// that is no message), parsed at the end as the whole frame is (the lossless parser: an id as written, the last of a
// repeated key), so that the refusal reads it as it reads a frame held whole.
import { GrowingBytes } from "../normalize/growing-bytes.js";
import { parseJsonBytesKeepingNumbers } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";

/** What was kept of the frame: the message, or a batch's array of them; undefined: not JSON-RPC. */
export interface RequestSummary {
  message: Record<string, unknown> | unknown[] | undefined;
  /** The frame's bytes. */
  bytes: number;
  /** True for a message some of whose `params` were not kept (too large): it cannot be answered as if whole. */
  cut(item: unknown): boolean;
}

const bytesOf = (text: string): Buffer => Buffer.from(text, "latin1");

/** The frame's kept members, written as they are read. */
export class RequestSkeleton {
  private readonly frame = new GrowingBytes();
  /** The message being read (appended to the frame at its end). */
  private item = new GrowingBytes();
  private itemMembers = 0;
  private paramsMembers = 0;
  private inParams = false;
  private itemCut = false;
  private itemInvalid = false;
  private readonly cuts: boolean[] = [];
  private batchItems = 0;

  get heldBytes(): number {
    return this.frame.length + this.item.length;
  }

  openBatch(): void {
    this.frame.append(bytesOf("["));
  }

  closeBatch(): void {
    this.frame.append(bytesOf("]"));
  }

  /** A batch's item that is no object. */
  noMessage(): void {
    this.separateItem();
    this.frame.append(bytesOf("null"));
    this.cuts.push(false);
  }

  /** A message starts (`inBatch`: as a batch's item). */
  openMessage(inBatch: boolean): void {
    if (inBatch) this.separateItem();
    this.item = new GrowingBytes();
    this.item.append(bytesOf("{"));
    this.itemMembers = 0;
    this.itemCut = false;
    this.itemInvalid = false;
  }

  closeMessage(): void {
    this.item.append(bytesOf("}"));
    const item = this.item.take();
    this.frame.append(this.itemInvalid ? bytesOf("null") : item);
    this.cuts.push(this.itemCut && !this.itemInvalid);
  }

  /** The message's params object starts (`key`: its key's bytes as written). */
  openParams(key: number[]): void {
    this.member(key, bytesOf("{"));
    this.inParams = true;
    this.paramsMembers = 0;
  }

  closeParams(): void {
    this.item.append(bytesOf("}"));
    this.inParams = false;
  }

  /** Writes `"key":value` into the message being read (or its params). */
  member(key: number[], value: Uint8Array): void {
    if ((this.inParams ? this.paramsMembers++ : this.itemMembers++) > 0) this.item.append(bytesOf(","));
    this.item.append(Buffer.from([0x22, ...key, 0x22, 0x3a]));
    this.item.append(value);
  }

  /** A member of the params was not kept: the message cannot be answered as if whole. */
  cutMessage(): void {
    this.itemCut = true;
  }

  /** The message cannot be read (its method too long to keep): it is no message. */
  invalidMessage(): void {
    this.itemInvalid = true;
  }

  /** What was kept, the frame having ended well-formed (`complete`) or not. */
  summary(bytes: number, complete: boolean): RequestSummary {
    let message: RequestSummary["message"];
    const cut = new WeakSet<object>();
    if (complete) {
      try {
        const value = parseJsonBytesKeepingNumbers(this.frame.take());
        if (isRecord(value) || Array.isArray(value)) message = value;
      } catch {
        message = undefined;
      }
      (Array.isArray(message) ? message : [message]).forEach((item, index) => {
        if (isRecord(item) && this.cuts[index]) cut.add(item);
      });
    }
    return { message, bytes, cut: (item) => isRecord(item) && cut.has(item) };
  }

  private separateItem(): void {
    if (this.batchItems++ > 0) this.frame.append(bytesOf(","));
  }
}
