// Test helper: the Claude Code hook events of test/fixtures/hooks/, and the answer's JSON Schema.
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import type { ClaudeCodeHookEvent } from "../../src/hooks/claude-code-types.js";

const FIXTURES = new URL("../fixtures/hooks/", import.meta.url);

/** The names of the recorded events (file names without `.json`). */
export function hookEventNames(): string[] {
  return readdirSync(FIXTURES).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).sort();
}

/** The text of one recorded event, as Claude Code writes it on the hook's stdin. */
export function readHookEventText(name: string): string {
  return readFileSync(new URL(`${name}.json`, FIXTURES), "utf8");
}

/** One recorded event, parsed. */
export function loadHookEvent(name: string): ClaudeCodeHookEvent {
  return JSON.parse(readHookEventText(name)) as ClaudeCodeHookEvent;
}

const schema = JSON.parse(readFileSync(new URL("./claude-code-hook-output.schema.json", import.meta.url), "utf8"));
// ajv is CommonJS: under NodeNext the default import is its module object, whose `default` is the class.
const validate = new Ajv.default({ strict: true, allErrors: true }).compile(schema);

/** The schema's complaints about a hook answer ([] when it is valid). */
export function hookOutputErrors(answer: unknown): unknown[] {
  return validate(answer) ? [] : [...(validate.errors ?? [])];
}
