// Test helper: the recorded hook events of test/fixtures/hooks/ (Claude Code's; Gemini CLI's in gemini-cli/),
// and the JSON Schemas of the answers.
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import type { ClaudeCodeHookEvent } from "../../src/hooks/claude-code-types.js";

/** The recorded events of one folder of test/fixtures/hooks/ (`""`: the folder itself). */
export function eventFolder<Event>(folder: string) {
  const url = new URL(`../fixtures/hooks/${folder}`, import.meta.url);
  const readText = (name: string): string => readFileSync(new URL(`${name}.json`, url), "utf8");
  return {
    /** The names of the recorded events (file names without `.json`). */
    names: (): string[] => readdirSync(url).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).sort(),
    /** The text of one recorded event, as the agent writes it on the hook's stdin. */
    readText,
    /** One recorded event, parsed. */
    load: (name: string): Event => JSON.parse(readText(name)) as Event,
  };
}

/** The complaints of a JSON Schema of this folder about a hook answer ([] when it is valid). */
export function schemaErrors(schemaFile: string): (answer: unknown) => unknown[] {
  const schema = JSON.parse(readFileSync(new URL(`./${schemaFile}`, import.meta.url), "utf8"));
  // ajv is CommonJS: under NodeNext the default import is its module object, whose `default` is the class.
  const validate = new Ajv.default({ strict: true, allErrors: true }).compile(schema);
  return (answer) => (validate(answer) ? [] : [...(validate.errors ?? [])]);
}

const claudeCode = eventFolder<ClaudeCodeHookEvent>("");

/** The names of the recorded Claude Code events. */
export const hookEventNames = claudeCode.names;
/** The text of one recorded Claude Code event. */
export const readHookEventText = claudeCode.readText;
/** One recorded Claude Code event, parsed. */
export const loadHookEvent = claudeCode.load;
/** The schema's complaints about a Claude Code hook answer. */
export const hookOutputErrors = schemaErrors("claude-code-hook-output.schema.json");
