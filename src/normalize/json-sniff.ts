// The first bytes of a text streamed out of an envelope (envelope-stream.ts), kept to tell whether the whole text may
// be one JSON object or array (StreamedText.jsonLike): such a text is read again whole for its JSON view
// (project/json-text.ts), while a log streams on.
import { couldBeJson, findFirstNonBlankByte, looksLikeJson } from "./json-input.js";

/** How many of a streamed text's first bytes are looked at. */
const JSON_SNIFF_BYTES = 4096;

export class JsonSniff {
  private readonly head = Buffer.allocUnsafe(JSON_SNIFF_BYTES);
  private held = 0;

  /** The text's next decoded bytes (only its first JSON_SNIFF_BYTES are kept). */
  add(bytes: Buffer): void {
    if (this.held < JSON_SNIFF_BYTES) this.held += bytes.copy(this.head, this.held);
  }

  /** True when the text, `bytes` long in all, may be one JSON object or array, by its first bytes. */
  jsonLike(bytes: number): boolean {
    const head = this.head.subarray(0, this.held);
    return looksLikeJson(findFirstNonBlankByte(head)) && couldBeJson(head, bytes <= this.held);
  }

  /** A new text begins. */
  reset(): void {
    this.held = 0;
  }
}
