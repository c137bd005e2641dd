// The tokens that stand for streamed strings in an envelope's skeleton (envelope-stream.ts): unique per input (a
// random nonce), so that no text can forge one, and ASCII once escaped, so the skeleton stays valid JSON.
import { nodeCrypto } from "../lazy-builtin.js";

/** One streamed string: the token that stands for it in the skeleton, its length in UTF-16 units and UTF-8 bytes, its newlines. */
export interface StreamedText {
  token: string;
  units: number;
  bytes: number;
  /** Its "\n" characters (its lines less one): where each text's lines are in the joined text (src/lower/mcp-cut.ts). */
  newlines: number;
  /** Its first bytes open a JSON object or array and hold no syntax error (a `[INFO] …` log's do): it may be one JSON value. */
  jsonLike: boolean;
}

/** What the reader kept once the input ended. */
export interface EnvelopeSkeleton {
  /** The input with each streamed string's contents replaced by its token (valid JSON when the input was). */
  skeleton: Buffer;
  texts: StreamedText[];
  /** The last byte passed to the sink (-1 when none was). */
  lastByte: number;
  /** The top-level structuredContent, read (reduced where large) as it streamed: the skeleton holds `token` for it. */
  structured?: { token: string; value: unknown };
}

/** A fresh nonce for one input's tokens. */
export function newTokenNonce(): string {
  return nodeCrypto().randomBytes(6).toString("hex"); // node:crypto loads on first use: start-up
}

/** The string a parse of the skeleton gives for streamed string `index`. */
export function tokenOf(nonce: string, index: number): string {
  return `\ue000streamed-${nonce}-${index}\ue000`;
}

/** The string a parse of the skeleton gives for the structured content read as it streamed. */
export function structuredTokenOf(nonce: string): string {
  return `\ue000structured-${nonce}\ue000`;
}

/** The token as JSON string contents (U+E000 escaped). */
export function escapedTokenOf(nonce: string, index: number): string {
  return `\\ue000streamed-${nonce}-${index}\\ue000`;
}

/** What every token of one input shares (the token without its index). */
export function tokenStem(token: string): string {
  return token.slice(0, token.lastIndexOf("-") + 1);
}
