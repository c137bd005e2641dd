// Typed results per tool (Kontext's ToolResultParser): a JSON Schema, or a zod schema through the library, is
// registered for a tool name; a result of that tool is validated against it and the first violation is an
// InputError naming its JSON path. Tools without a schema keep the flat, untyped fallback.
import * as fs from "node:fs";
import * as path from "node:path";
import { InputError, UsageError } from "../errors.js";
import { isRecord, type ToolResult } from "../payload.js";
import { joinPath } from "./check.js";
import { unsupportedKeywords, validateJson, type JsonSchema, type SchemaViolation } from "./json-schema.js";

/** A schema with zod's `safeParse` (zod 3 and 4), so the library takes zod schemas without depending on zod. */
export interface SafeParseSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** What a tool's result may be checked against. */
export type ResultSchema = JsonSchema | SafeParseSchema;

/** The registry file beside the config file: `$XDG_CONFIG_HOME/correx/tool-results.json`. */
export function registryPathFor(configPath: string): string {
  return path.join(path.dirname(configPath), "tool-results.json");
}

const isSafeParse = (schema: ResultSchema): schema is SafeParseSchema => typeof (schema as { safeParse?: unknown }).safeParse === "function";

/**
 * The value a typed schema describes: the result object as the tool wrote it. For Kontext that is
 * `{ success, message, …extensions }` again; for any other shape, the data (or the error of a failure).
 */
export function typedValue(result: ToolResult): unknown {
  const body = result.ok ? result.data : result.error;
  if (result.meta?.source_shape !== "kontext") return body;
  return { success: result.ok, ...(isRecord(body) ? body : { message: body }) };
}

/** Schemas by tool name. */
export class ToolResultRegistry {
  private readonly schemas = new Map<string, ResultSchema>();

  /** Registers a schema for a tool; a JSON Schema keyword correx does not check is a UsageError. */
  register(tool: string, schema: ResultSchema): this {
    if (!isSafeParse(schema)) {
      if (typeof schema !== "boolean" && !isRecord(schema)) throw new UsageError(`the schema for tool "${tool}" is not a JSON Schema object`);
      const unsupported = unsupportedKeywords(schema);
      if (unsupported.length > 0) throw new UsageError(`the schema for tool "${tool}" uses keywords correx does not check: ${unsupported.join(", ")}`);
    }
    this.schemas.set(tool, schema);
    return this;
  }

  /** True when a schema is registered for the tool. */
  has(tool: string): boolean {
    return this.schemas.has(tool);
  }

  /** The first violation of the tool's schema by `value`; undefined when valid or when the tool is untyped. */
  check(tool: string, value: unknown): SchemaViolation | undefined {
    const schema = this.schemas.get(tool);
    if (schema === undefined) return undefined;
    if (!isSafeParse(schema)) return validateJson(value, schema);
    const parsed = schema.safeParse(value);
    if (parsed.success) return undefined;
    const issue = parsed.error.issues[0];
    const where = (issue?.path ?? []).reduce<string>((at, key) => joinPath(at, typeof key === "number" ? key : String(key)), "$");
    return { path: where, message: issue?.message ?? "invalid" };
  }

  /** Validates a normalized result of `tool` (see typedValue); a violation is an InputError at its JSON path (exit 65). */
  validate(tool: string, result: ToolResult): void {
    const violation = this.check(tool, typedValue(result));
    if (violation) throw new InputError(`the result does not match the schema registered for tool "${tool}": ${violation.message}`, violation.path);
  }
}

/** Reads a registry file `{ "TOOL": <JSON Schema>, … }`; a missing file is an empty registry. */
export function readRegistryFile(file: string): ToolResultRegistry {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new ToolResultRegistry();
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(parsed)) throw new UsageError(`${file} must be an object of tool names to JSON Schemas`);
  const registry = new ToolResultRegistry();
  for (const [tool, schema] of Object.entries(parsed)) registry.register(tool, schema as JsonSchema);
  return registry;
}
