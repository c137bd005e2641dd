// A small JSON Schema validator for the subset that typed tool results need (what zod's toJSONSchema and
// hand-written schemas use), so that correx needs no schema library at run time. A keyword outside the
// subset is refused when the schema is loaded, never silently ignored.
import { isRecord } from "../payload.js";
import { joinPath } from "./check.js";

/** A JSON Schema (draft 2020-12 / 7 subset). */
export type JsonSchema = boolean | Record<string, unknown>;

/** The first place a value breaks its schema: a JSON path like `$.outputs[0].text`, and why. */
export interface SchemaViolation {
  path: string;
  message: string;
}

const CHECKED = new Set([
  "type", "properties", "required", "additionalProperties", "items", "prefixItems", "enum", "const", "anyOf", "oneOf", "allOf", "not",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "pattern", "$ref", "$defs", "definitions",
]);
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "default", "examples", "format", "readOnly", "writeOnly", "deprecated"]);
const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];

/** The keywords of `schema` (at any depth) this validator does not check, as JSON paths; [] when it checks them all. */
export function unsupportedKeywords(schema: JsonSchema, path = "#"): string[] {
  if (!isRecord(schema)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!CHECKED.has(key) && !ANNOTATIONS.has(key)) found.push(`${path}/${key}`);
    if (key === "properties" || key === "$defs" || key === "definitions") {
      for (const [name, child] of Object.entries(isRecord(value) ? value : {})) found.push(...unsupportedKeywords(child as JsonSchema, `${path}/${key}/${name}`));
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      value.forEach((child, index) => found.push(...unsupportedKeywords(child as JsonSchema, `${path}/${key}/${index}`)));
    } else if (key === "items" || key === "additionalProperties" || key === "not") {
      found.push(...unsupportedKeywords(value as JsonSchema, `${path}/${key}`));
    }
  }
  return found;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === "integer") return Number.isInteger(value);
  if (type === "number") return typeof value === "number";
  return typeOf(value) === type;
}

function resolveRef(root: Record<string, unknown>, ref: string): JsonSchema {
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? root[match[1]!] : undefined;
  const target = match && isRecord(defs) ? defs[decodeURIComponent(match[2]!)] : ref === "#" ? root : undefined;
  if (target === undefined) throw new Error(`unsupported $ref ${ref} (only #, #/$defs/NAME and #/definitions/NAME)`);
  return target as JsonSchema;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The first violation of `schema` by `value`, or undefined when the value is valid. */
export function validateJson(value: unknown, schema: JsonSchema, path = "$", root: Record<string, unknown> = isRecord(schema) ? schema : {}): SchemaViolation | undefined {
  if (schema === true) return undefined;
  if (schema === false) return { path, message: "no value is allowed here" };
  const fail = (message: string): SchemaViolation => ({ path, message });
  if (typeof schema.$ref === "string") {
    const violation = validateJson(value, resolveRef(root, schema.$ref), path, root);
    if (violation) return violation;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => hasType(value, type))) return fail(`expected ${types.join(" or ")}, found ${typeOf(value)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => same(option, value))) return fail(`expected one of ${JSON.stringify(schema.enum)}`);
  if ("const" in schema && !same(schema.const, value)) return fail(`expected ${JSON.stringify(schema.const)}`);
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) return fail(`expected at least ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) return fail(`expected at most ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) return fail(`expected more than ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === "number" && value >= schema.exclusiveMaximum) return fail(`expected less than ${schema.exclusiveMaximum}`);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (typeof schema.minLength === "number" && length < schema.minLength) return fail(`expected at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === "number" && length > schema.maxLength) return fail(`expected at most ${schema.maxLength} characters`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) return fail(`expected to match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) return fail(`expected at least ${schema.minItems} items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return fail(`expected at most ${schema.maxItems} items`);
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
    for (const [index, item] of value.entries()) {
      const itemSchema = index < prefix.length ? prefix[index] : (schema.items as JsonSchema | undefined);
      const violation = itemSchema === undefined ? undefined : validateJson(item, itemSchema, joinPath(path, index), root);
      if (violation) return violation;
    }
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (!(key in value)) return { path: joinPath(path, key), message: "required field is missing" };
    }
    for (const [key, item] of Object.entries(value)) {
      const itemSchema = key in properties ? (properties[key] as JsonSchema) : (schema.additionalProperties as JsonSchema | undefined);
      if (itemSchema === false) return { path: joinPath(path, key), message: "unknown field" };
      const violation = itemSchema === undefined ? undefined : validateJson(item, itemSchema, joinPath(path, key), root);
      if (violation) return violation;
    }
  }
  return validateCombinations(value, schema, path, root);
}

function validateCombinations(value: unknown, schema: Record<string, unknown>, path: string, root: Record<string, unknown>): SchemaViolation | undefined {
  for (const child of Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : []) {
    const violation = validateJson(value, child, path, root);
    if (violation) return violation;
  }
  if (Array.isArray(schema.anyOf)) {
    const violations = (schema.anyOf as JsonSchema[]).map((child) => validateJson(value, child, path, root));
    if (violations.every((violation) => violation !== undefined)) return deepest(violations as SchemaViolation[]);
  }
  if (Array.isArray(schema.oneOf)) {
    const violations = (schema.oneOf as JsonSchema[]).map((child) => validateJson(value, child, path, root));
    const matched = violations.filter((violation) => violation === undefined).length;
    if (matched === 0) return deepest(violations as SchemaViolation[]);
    if (matched > 1) return { path, message: "matches more than one of oneOf" };
  }
  if (schema.not !== undefined && validateJson(value, schema.not as JsonSchema, path, root) === undefined) return { path, message: "matches a schema it must not" };
  return undefined;
}

/** Of the alternatives' violations, the one that got furthest into the value (the likeliest intended branch). */
function deepest(violations: SchemaViolation[]): SchemaViolation {
  return violations.reduce((best, violation) => (violation.path.length > best.path.length ? violation : best));
}
