// A streaming reader of MCP tool-result envelopes: a JSON tokenizer over the byte stream that passes the text of
// each content block (`content[i].text`, `content[i].resource.text`) to a sink as it is unescaped, joined by the
// part separator, and keeps everything else as a small skeleton: the input's bytes with each streamed string
// replaced by a unique token. Parsing the skeleton (the ordinary lossless parser) gives the envelope with tokens
// for its texts, so every key, number and small part reads exactly as a whole parse would.
import { roleOf, takeKey, type Frame } from "./envelope-roles.js";
import { JsonStringStream, type DecodedSink } from "./json-string-stream.js";
import { GrowingBytes } from "./growing-bytes.js";
import { JsonSubtreeSkipper } from "./json-subtree.js";
import { MAX_JSON_DEPTH } from "./json-input.js";
import { JsonSniff } from "./json-sniff.js";
import { endsScalar, isWhitespace } from "./json-syntax.js";
import { SkippedString } from "./skipped-string.js";
import { StructuredReducer } from "./structured-reducer.js";
import { escapedTokenOf, newTokenNonce, structuredTokenOf, tokenOf, type EnvelopeSkeleton, type StreamedText } from "./streamed-token.js";
import { countNewlineBytes } from "../text/newline-count.js";

const enum State { Value, Key, Colon, After, Skip, Stream, Scalar, Subtree, Tail, Reduce, Done, Failed }

/** Reads one envelope from chunks of any size; the same input gives the same text and skeleton however it is cut. */
export class EnvelopeStreamReader {
  /** Why the input cannot be read this way (not an MCP-keyed object, malformed, a string JSON would refuse). */
  failure: string | undefined;
  private state = State.Value;
  private readonly stack: Frame[] = [];
  /** The top-level content array was read to its end. */
  private contentRead = false;
  /** The string being stepped over (State.Skip). */
  private readonly string = new SkippedString();
  private readonly subtree = new JsonSubtreeSkipper();
  /** The top-level structuredContent's reader, once it started (one per input: a repeated key is kept as it comes). */
  private reducer: StructuredReducer | undefined;
  private structured: unknown;
  private readonly skeleton = new GrowingBytes();
  private largest = 0;
  private readonly decoder = new JsonStringStream();
  private readonly texts: StreamedText[] = [];
  private readonly nonce = newTokenNonce();
  private readonly separator: Buffer;
  private lastByte = -1;
  private reduceStructured = true;
  private readonly sink: DecodedSink;
  /** The decoded text goes to the sink through this, which counts its newlines (StreamedText.newlines). */
  private readonly textSink: DecodedSink;
  private textNewlines = 0;
  /** The first bytes of the text being streamed, for StreamedText.jsonLike. */
  private readonly textHead = new JsonSniff();

  /**
   * `response`: the result is the `result` of a JSON-RPC response (the proxy's frames). Otherwise the input is the
   * result, or a response around it, known by its first key (no key is both MCP's and JSON-RPC's).
   */
  private readonly inResponse: boolean;

  constructor(options: { separator: string; sink: DecodedSink; within?: "response" }) {
    this.inResponse = options.within === "response";
    this.separator = Buffer.from(options.separator, "utf8");
    this.sink = (bytes) => {
      this.lastByte = bytes[bytes.length - 1]!;
      options.sink(bytes);
    };
    this.textSink = (bytes) => {
      this.textNewlines += countNewlineBytes(bytes);
      this.textHead.add(bytes);
      this.sink(bytes);
    };
  }

  /** The largest buffer the reader held at once (skeleton, decoder output): for the memory tests. */
  get largestHeld(): number {
    return Math.max(this.largest, this.decoder.largestBuffer, this.reducer?.largestHeld ?? 0);
  }

  /** UTF-16 units of the texts streamed so far (the one being streamed included). */
  get textUnits(): number {
    return this.texts.reduce((sum, text) => sum + text.units, 0) + (this.state === State.Stream ? this.decoder.units : 0);
  }

  /** True once a top-level structuredContent started to be read (reduced as it streams). */
  get structuredStarted(): boolean {
    return this.reducer !== undefined;
  }

  /** From now on a structuredContent is kept whole in the skeleton, never reduced (its reduction could not stand). */
  keepStructuredWhole(): void {
    this.reduceStructured = false;
  }

  /** Bytes of structuredContent the reducer read (for the tests that count work). */
  get structuredBytes(): number {
    return this.reducer?.scanned ?? 0;
  }

  /** Takes the next chunk; false once the input cannot be read as a streamed envelope (see `failure`). */
  write(chunk: Uint8Array): boolean {
    let copyFrom = 0;
    let index = 0;
    while (index < chunk.length && this.state !== State.Failed) {
      if (this.state === State.Stream) {
        const end = this.decoder.write(chunk, index, this.textSink);
        if (end < 0) {
          if (this.decoder.failure !== undefined) this.fail(this.decoder.failure);
          index = chunk.length;
          copyFrom = chunk.length;
          break;
        }
        this.texts.push({ token: tokenOf(this.nonce, this.texts.length), units: this.decoder.units, bytes: this.decoder.bytes, newlines: this.textNewlines, jsonLike: this.textHead.jsonLike(this.decoder.bytes) });
        this.state = State.After;
        copyFrom = end;
        index = end + 1;
        continue;
      }
      if (this.state === State.Reduce) {
        const end = this.reducer!.write(chunk, index);
        if (end < 0) {
          if (this.reducer!.failure !== undefined) this.fail(this.reducer!.failure);
          index = chunk.length;
          copyFrom = chunk.length;
          break;
        }
        this.structured = this.reducer!.value();
        this.state = State.After;
        copyFrom = end;
        index = end;
        continue;
      }
      if (this.state === State.Tail) break;
      if (this.state === State.Subtree) {
        const end = this.subtree.skip(chunk, index);
        if (end < 0) break;
        this.state = State.After;
        index = end;
        continue;
      }
      if (this.state === State.Skip && this.string.plain) {
        // the closing quote by indexOf (strings skip at memchr speed)
        index = this.string.plainEnd(chunk, index);
        if (index < 0) break;
      }
      const streams = this.step(chunk[index]!);
      if ((this.state as State) === State.Reduce) {
        // The skeleton holds a token where the structured content stands; the reducer reads it from its bracket.
        this.keep(chunk.subarray(copyFrom, index));
        this.keep(Buffer.from(JSON.stringify(structuredTokenOf(this.nonce))));
        copyFrom = index;
        continue;
      }
      if (streams) {
        this.keep(chunk.subarray(copyFrom, index + 1));
        this.keep(Buffer.from(escapedTokenOf(this.nonce, this.texts.length)));
        if (this.texts.length > 0) this.sink(this.separator);
        this.decoder.reset();
        this.textNewlines = 0;
        this.textHead.reset();
        copyFrom = index + 1;
      }
      index += 1;
    }
    if (this.state === State.Failed) return false;
    if (copyFrom < chunk.length && this.state !== State.Stream) this.keep(chunk.subarray(copyFrom));
    return true;
  }

  /** Ends the input: the skeleton and the streamed texts, or undefined (see `failure`) when it did not end as one value. */
  end(): EnvelopeSkeleton | undefined {
    if ((this.state === State.Scalar && this.stack.length === 0) || this.state === State.Tail) this.state = State.Done;
    if (this.state !== State.Done) this.fail(this.failure ?? "the input ended inside the JSON value");
    if (this.failure !== undefined) return undefined;
    const skeleton = this.skeleton.take();
    const structured = this.reducer === undefined ? {} : { structured: { token: structuredTokenOf(this.nonce), value: this.structured } };
    return { skeleton, texts: this.texts, lastByte: this.lastByte, ...structured };
  }


  private keep(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.skeleton.append(bytes);
    this.largest = Math.max(this.largest, this.skeleton.length);
  }

  private fail(reason: string): void {
    this.failure ??= reason;
    this.state = State.Failed;
  }

  /** One byte outside a streamed string; true when it opens a string to stream. */
  private step(byte: number): boolean {
    switch (this.state) {
      case State.Skip:
        this.skipByte(byte);
        return false;
      case State.Scalar:
        if (endsScalar(byte)) {
          this.state = State.After;
          return this.step(byte);
        }
        return false;
      case State.Value:
        return this.value(byte);
      case State.Key:
        if (isWhitespace(byte)) return false;
        if (byte === 0x7d) this.close();
        else if (byte === 0x22) this.openString(true);
        else this.fail("expected a key");
        return false;
      case State.Colon:
        if (byte === 0x3a) this.state = State.Value;
        else if (!isWhitespace(byte)) this.fail("expected a colon");
        return false;
      case State.After:
        if (isWhitespace(byte)) return false;
        if (byte === 0x2c) this.state = this.stack[this.stack.length - 1]?.array ? State.Value : State.Key;
        else if (byte === 0x7d || byte === 0x5d) this.close();
        else this.fail("expected a comma or a closing bracket");
        return false;
      case State.Done:
        if (!isWhitespace(byte)) this.fail("more follows the JSON value");
        return false;
      default:
        return false;
    }
  }

  private value(byte: number): boolean {
    if (isWhitespace(byte) || (byte === 0xef || byte === 0xbb || byte === 0xbf) && this.stack.length === 0) return false;
    const parent = this.stack[this.stack.length - 1];
    if (byte === 0x7b || byte === 0x5b) {
      const array = byte === 0x5b;
      const role = parent === undefined && this.inResponse && !array ? "response" : roleOf(parent, array);
      if (role === undefined) this.fail("the input is not a JSON object");
      else if (role === "other" && parent?.role === "root" && parent.key === "structuredContent" && this.reducer === undefined && this.reduceStructured) {
        // The structured content is read as it streams, reduced where large (structured-reducer.ts).
        this.reducer = new StructuredReducer(MAX_JSON_DEPTH - 1);
        this.state = State.Reduce;
      } else if (role === "other" && parent?.role === "root" && this.contentRead) {
        // After the content, another top-level container (_meta) ends the tokenizing: the rest is kept as it comes
        // for the skeleton's parse (a text there is not streamed: the projection's check reads it again).
        this.state = State.Tail;
      } else if (role === "other") {
        // Nothing inside is streamed: only its end matters, found at a table look-up a byte, a string's past its first
        // 32 by indexOf (json-subtree.ts; the parse checks it).
        this.state = State.Subtree;
        this.subtree.start();
      } else {
        this.stack.push({ array, role, key: undefined });
        this.state = array ? State.Value : State.Key;
      }
      return false;
    }
    if (parent === undefined) {
      this.fail("the input is not a JSON object");
      return false;
    }
    if (byte === 0x5d || byte === 0x7d) {
      this.close();
      return false;
    }
    if (byte === 0x22) {
      if ((parent.role === "block" || parent.role === "resource") && parent.key === "text") {
        this.state = State.Stream;
        return true;
      }
      this.openString(false);
      return false;
    }
    this.state = State.Scalar;
    return false;
  }

  private openString(isKey: boolean): void {
    this.state = State.Skip;
    const role = this.stack[this.stack.length - 1]?.role;
    this.string.start(isKey, isKey && role !== undefined && role !== "content" && role !== "other");
  }

  private skipByte(byte: number): void {
    if (!this.string.take(byte)) return;
    if (!this.string.isKey) {
      this.state = State.After;
      return;
    }
    this.state = State.Colon;
    const refused = takeKey(this.stack[this.stack.length - 1]!, this.string.takeKey(), this.stack.length === 1 && !this.inResponse);
    if (refused !== undefined) this.fail(refused);
  }

  private close(): void {
    if (this.stack.pop()?.role === "content") this.contentRead = true;
    this.state = this.stack.length === 0 ? State.Done : State.After;
  }
}
