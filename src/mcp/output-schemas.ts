// The outputSchema of each of the server's tools, as its tools/list answers declare it, and a check of a
// structuredContent against it made with the validator the official SDK client uses: the SDK's AjvJsonSchemaValidator
// (`@modelcontextprotocol/sdk` 1.32.2, validation/ajv-provider.js) is ajv 8 (JSON Schema draft-07) with ajv-formats,
// `strict: false, validateFormats: true, validateSchema: false, allErrors: true`. The client compiles every tool's
// outputSchema at tools/list and fails a tools/call whose structuredContent does not match (-32602): the proxy checks
// its cut against the same schema (structured-schema.ts) so that correx agrees with it.
import { createRequire } from "node:module";
import { isRecord } from "../payload.js";

/** One of ajv's errors: where in the value (a JSON pointer), which keyword, its parameters (`{ limit: 3 }`). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Checks a structuredContent against a tool's outputSchema: undefined when it matches, else ajv's errors. */
export type CheckStructured = (value: unknown) => readonly SchemaError[] | undefined;

/** Tools remembered at most (the newest kept): a server's listing is far smaller. */
const MAX_TOOLS = 1_000;
/** The JSON of the schemas remembered, at most; a schema larger than this alone is not remembered (its tool not checked). */
const MAX_SCHEMA_BYTES = 4 * 1024 * 1024;
/** Tasks remembered at most (the newest kept), each with the tool whose call started it. */
const MAX_TASKS = 1_024;
/** Compiled checks kept at most (the most recently used): ajv keeps each schema it compiled until it is removed. */
const MAX_COMPILED = 32;

/**
 * The value as the client reads it: the proxy keeps numbers as the server wrote them (`1.50`, `1e3`, a big integer: a
 * LosslessNumber object), the client's JSON.parse makes them numbers, which a plain JSON.stringify writes.
 */
function plain(value: unknown, json = JSON.stringify(value)): unknown {
  return json === undefined ? value : JSON.parse(json);
}

interface Ajv {
  compile(schema: unknown): { (value: unknown): boolean; errors?: SchemaError[] | null };
  removeSchema(schema: unknown): void;
}

/** The outputSchemas of the server's tools, by name, and their compiled checks. */
export class OutputSchemas {
  private readonly schemas = new Map<string, { schema: Record<string, unknown>; bytes: number }>();
  private bytes = 0;
  private readonly compiled = new Map<string, CheckStructured | null>();
  private ajv: Ajv | undefined;
  private readonly tasks = new Map<string, string>();

  /** Remembers the outputSchemas of a tools/list page's tools (`newListing`: the first page, which forgets the last listing). */
  remember(tools: readonly unknown[], newListing: boolean): void {
    if (newListing) {
      for (const name of [...this.schemas.keys()]) this.forget(name);
    }
    for (const tool of tools) {
      if (!isRecord(tool) || typeof tool.name !== "string") continue;
      this.forget(tool.name);
      if (!isRecord(tool.outputSchema)) continue;
      const json = JSON.stringify(tool.outputSchema);
      if (json.length > MAX_SCHEMA_BYTES) continue;
      this.schemas.set(tool.name, { schema: plain(tool.outputSchema, json) as Record<string, unknown>, bytes: json.length });
      this.bytes += json.length;
      while (this.schemas.size > MAX_TOOLS || this.bytes > MAX_SCHEMA_BYTES) this.forget(this.schemas.keys().next().value!);
    }
  }

  /**
   * A task-augmented tools/call of `tool` was answered with a task (MCP 2025-11-25 CreateTaskResult): its result,
   * which tasks/result answers, is that tool's (the SDK client's callToolStream checks it against its outputSchema).
   */
  taskStarted(result: Record<string, unknown>, tool: string | undefined): void {
    const taskId = isRecord(result.task) ? result.task.taskId : undefined;
    if (tool === undefined || typeof taskId !== "string") return;
    this.tasks.delete(taskId);
    this.tasks.set(taskId, tool);
    if (this.tasks.size > MAX_TASKS) this.tasks.delete(this.tasks.keys().next().value!);
  }

  /** The tool a request's answer comes from: a tools/call's, or that of the call that started a tasks/result's task. */
  toolOf(method: string, params: Record<string, unknown>): string | undefined {
    if (method === "tools/call") return typeof params.name === "string" ? params.name : undefined;
    return method === "tasks/result" && typeof params.taskId === "string" ? this.tasks.get(params.taskId) : undefined;
  }

  /**
   * The check of a tool's structuredContent, undefined when it has no outputSchema remembered. Its schema is compiled
   * the first time it checks (a result that fits is never checked, and ajv takes ~100 ms to load); one ajv cannot
   * compile finds every value matching.
   */
  checkerFor(tool: string | undefined): CheckStructured | undefined {
    if (tool === undefined || !this.schemas.has(tool)) return undefined;
    return (value) => this.compiledFor(tool)?.(value);
  }

  private compiledFor(tool: string): CheckStructured | undefined {
    const remembered = this.schemas.get(tool);
    if (remembered === undefined) return undefined;
    let check = this.compiled.get(tool);
    if (check === undefined) check = this.compile(remembered.schema);
    // the most recently used last
    this.compiled.delete(tool);
    this.compiled.set(tool, check);
    while (this.compiled.size > MAX_COMPILED) this.uncompile(this.compiled.keys().next().value!);
    return check ?? undefined;
  }

  private compile(schema: Record<string, unknown>): CheckStructured | null {
    let validate: ReturnType<Ajv["compile"]>;
    try {
      validate = this.validator().compile(schema);
    } catch {
      return null; // the SDK client fails its listTools on it too
    }
    return (value) => (validate(plain(value)) ? undefined : (validate.errors ?? []));
  }

  private validator(): Ajv {
    if (this.ajv === undefined) {
      // CommonJS packages, loaded the first time a cut is checked (a proxy that never cuts never reads them)
      const load = createRequire(import.meta.url);
      const defaultOf = <T>(module: T | { default: T }): T => (isRecord(module) && "default" in module ? (module as { default: T }).default : (module as T));
      const Ajv = defaultOf(load("ajv") as new (options: object) => Ajv);
      const addFormats = defaultOf(load("ajv-formats") as (ajv: Ajv) => void);
      this.ajv = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
      addFormats(this.ajv);
    }
    return this.ajv;
  }

  private forget(name: string): void {
    const remembered = this.schemas.get(name);
    if (remembered === undefined) return;
    this.uncompile(name);
    this.schemas.delete(name);
    this.bytes -= remembered.bytes;
  }

  private uncompile(name: string): void {
    if (!this.compiled.has(name)) return;
    this.compiled.delete(name);
    const schema = this.schemas.get(name)?.schema;
    if (schema !== undefined && this.ajv !== undefined) {
      try {
        this.ajv.removeSchema(schema);
      } catch {
        // a schema ajv did not keep
      }
    }
  }
}
