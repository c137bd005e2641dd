// Input encodings announced by a byte order mark, and a streaming UTF-16 → UTF-8 transcoder, so that everything
// after the edge reads UTF-8 (SPEC §2: a UTF-8 BOM is dropped, UTF-16 with a BOM is transcoded).

/** What a byte order mark says about the input; no BOM means UTF-8. */
export type Encoding = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be";

/** UTF-16 byte orders the transcoder accepts. */
export type Utf16Encoding = "utf-16le" | "utf-16be";

/** Turns chunks of one encoding into UTF-8 bytes, keeping state across chunk boundaries. */
export interface Transcoder {
  write(chunk: Uint8Array): Uint8Array;
  /** Flushes what is left: a cut-off code unit or a lone surrogate becomes U+FFFD. */
  end(): Uint8Array;
}

/**
 * The input's encoding, by its BOM only (EF BB BF, FF FE, FE FF); anything else is UTF-8. `head` should hold
 * the first 3 bytes, or the whole input when it is shorter.
 */
export function detectEncoding(head: Uint8Array): Encoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8-bom";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/**
 * A streaming UTF-16 → UTF-8 transcoder: a leading BOM is dropped, chunks may split code units and surrogate
 * pairs anywhere, and lone surrogates become U+FFFD.
 */
export function createTranscoder(encoding: Utf16Encoding): Transcoder {
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  return {
    write: (chunk) => encoder.encode(decoder.decode(chunk, { stream: true })),
    end: () => encoder.encode(decoder.decode()),
  };
}
