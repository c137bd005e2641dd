// A cut structuredContent that still matches its tool's outputSchema. The SDK client checks every structuredContent
// against the schema the tool declared (output-schemas.ts) and fails the whole call when it does not match (-32602):
// a cut can break a `pattern`, a `format`, an `enum` or `const`, a `minLength`, an array's `minItems`, a tuple, an
// `anyOf`. The cut is checked with the same validator; where it fails, what failed is kept as it is and the value cut
// again around it: a string (or whatever node an error names) whole, an array at least its `minItems` items, then,
// should an error be about a node holding others (`anyOf`, `contains`, a tuple's `items`), that node whole. When
// that does not match either, the structuredContent goes whole (the content stays bounded); when the server's own
// value does not match its schema, the cut is sent as it is (the client would reject the server's value alike).
import { fullLength, isReduced } from "../normalize/reduced-json.js";
import { isRecord } from "../payload.js";
import type { CheckStructured, SchemaError } from "./output-schemas.js";
import { childPath, type BoundStructured, type Protection, type StructuredBoundOptions } from "./structured-bound.js";
import { boundStructuredWithin, type StructuredTokens } from "./structured-tokens.js";

/** Keywords about the node itself, which keeping that node (a string, an array's items) mends. */
const LEAF_KEYWORDS: ReadonlySet<string> = new Set(["format", "pattern", "enum", "const", "minLength", "maxLength", "minItems", "type", "multipleOf"]);
/** Cuts tried at most: each keeps more than the one before. */
const MAX_ROUNDS = 6;

/** A bounded structuredContent, and what its outputSchema made it keep (`kept`: paths, or "$" when it went whole). */
export interface CheckedStructured extends BoundStructured {
  kept?: string[];
}

/**
 * boundStructuredWithin, its cut checked by `check` (the tool's outputSchema) and made again, keeping what failed,
 * until it matches. Without `check`, or for a value reduced as it streamed (what a cut needs kept may be gone: the
 * proxy bounds such a result whole instead), the cut as it is.
 */
export function boundStructuredChecked(value: unknown, options: StructuredBoundOptions, tokens: StructuredTokens | undefined, check: CheckStructured | undefined): CheckedStructured {
  const first = boundStructuredWithin(value, options, tokens);
  if (check === undefined || !first.cut || isReduced(value)) return first;
  const protect = new Map<string, Protection>(options.protect);
  let cut = first;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const errors = check(cut.value);
    if (errors === undefined) return protect.size === 0 ? cut : { ...cut, kept: [...protect.keys()] };
    if (!protectFrom(errors, value, cut.value, protect)) break;
    cut = boundStructuredWithin(value, { ...options, protect }, tokens);
  }
  // the server's own value does not match: nothing a cut keeps can mend it, the client rejects it whole or cut
  if (check(value) !== undefined) return first;
  return { value, cut: false, paths: [], kept: ["$"] };
}

/** The warning that a structuredContent was cut less (or not) for its tool's outputSchema. */
export function keptSaid(kept: readonly string[]): string {
  if (kept.includes("$")) return "structuredContent was passed whole: no cut of it matched the tool's outputSchema";
  const shown = kept.slice(0, 8).join(", ");
  return `structuredContent was cut less so that it still matches the tool's outputSchema (kept: ${shown}${kept.length > 8 ? ", …" : ""})`;
}

/**
 * Adds what `errors` (found in `cut`, a cut of `whole`) need kept to `protect`: the nodes of LEAF_KEYWORDS first; only
 * when there are none, the nodes the others name. A node kept whole that still fails (an item whose place in a tuple
 * the array's cut moved) gives way to the node holding it. False when nothing new was added.
 */
function protectFrom(errors: readonly SchemaError[], whole: unknown, cut: unknown, protect: Map<string, Protection>): boolean {
  const leaves = errors.filter((error) => LEAF_KEYWORDS.has(error.keyword));
  // what the cut that failed kept: a node kept whole then and failing still gives way (not one kept by this round)
  const before = new Map(protect);
  let added = false;
  for (const error of leaves.length > 0 ? leaves : errors) {
    const chain = wholePaths(error.instancePath, whole, cut);
    if (chain === undefined) continue;
    const limit = error.params.limit;
    const had = before.get(chain.at(-1)!);
    const items = error.keyword === "minItems" && typeof limit === "number" && (had === undefined || (typeof had === "object" && had.minItems < limit));
    if (items) protect.set(chain.at(-1)!, { minItems: limit });
    else {
      // the node itself, or when it (or a node holding it) is already kept whole, the node holding that one
      const top = chain.findIndex((at) => before.get(at) === "whole");
      const path = top === -1 ? chain.at(-1)! : chain[top - 1];
      if (path === undefined || protect.get(path) === "whole") continue;
      protect.set(path, "whole");
    }
    added = true;
  }
  return added;
}

/**
 * The paths in the whole value (as structured-bound.ts names them: `$.rows[120].url`, an index in the whole array) of
 * the node at `pointer` (a JSON pointer, as ajv's instancePath) in its cut and of the nodes holding it, from `$`: a
 * cut array keeps as many items at each end, so an index in its second half is counted from the whole array's end.
 */
export function wholePaths(pointer: string, whole: unknown, cut: unknown): string[] | undefined {
  const chain = ["$"];
  let wholeNode = whole;
  let cutNode = cut;
  for (const segment of pointer === "" ? [] : pointer.slice(1).split("/").map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))) {
    const path = chain.at(-1)!;
    if (Array.isArray(cutNode) && Array.isArray(wholeNode)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= cutNode.length) return undefined;
      const length = fullLength(wholeNode);
      const at = cutNode.length === length || index < cutNode.length / 2 ? index : length - cutNode.length + index;
      chain.push(`${path}[${at}]`);
      wholeNode = wholeNode[at];
      cutNode = cutNode[index];
    } else if (isRecord(cutNode) && isRecord(wholeNode) && Object.hasOwn(wholeNode, segment)) {
      chain.push(childPath(path, segment));
      wholeNode = wholeNode[segment];
      cutNode = cutNode[segment];
    } else return undefined;
  }
  return chain;
}
