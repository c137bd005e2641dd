// The template miner's mask of one token, as it was first written token by token: the reference that tokenize's
// and lineShapes' masks of a whole line (src/bound/salience/template.ts) must equal.
import { WILDCARD } from "../../../src/bound/salience/template.js";

/** Masks what varies between lines of one kind: longer than 64 characters `…`, a hex id of 7+ with a digit H, digit runs N. */
export function maskToken(token: string): string {
  if (token.length > 64) return WILDCARD;
  if (/^[0-9a-f]{7,}$/i.test(token) && /\d/.test(token)) return "H";
  return token.replace(/\d+/g, "N");
}

/** The line shape's six masks as first written, with look-behinds: each token masked by the first rule that applies, whitespace kept. */
export function shapeMaskAsWritten(text: string): string {
  return text
    .replace(/(?<!\S)\S{65,}/g, WILDCARD)
    .replace(/(?<!\S)(?=\S*[/\\])(?=\S*[\w.])\S+/g, "P")
    .replace(/(?<!\S)[(\[]?[`'"‘“«]\S*[`'"’”»][)\].,:;]*(?!\S)/g, "Q")
    .replace(/(?<!\S)(?=[0-9a-f]*\d)[0-9a-f]{7,}(?!\S)/gi, "H")
    .replace(/\d+/g, "N")
    .replace(/([^\w\s])\1+/g, "$1$1");
}
