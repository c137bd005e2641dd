// Test helper: the Codex CLI hook events of test/fixtures/hooks/codex/, and Codex's own JSON Schemas of a hook's
// stdin and stdout (test/hooks/codex-schema/, copied from openai/codex with their commits).
import type { CodexHookEvent } from "../../src/hooks/codex-types.js";
import { eventFolder, schemaErrors } from "./fixtures.js";

const codex = eventFolder<CodexHookEvent>("codex/");

/** The names of the recorded events (file names without `.json`). */
export const codexEventNames = codex.names;
/** The text of one recorded event, as Codex writes it on the hook's stdin. */
export const readCodexEventText = codex.readText;
/** One recorded event, parsed. */
export const loadCodexEvent = codex.load;

const inputErrors = { PreToolUse: schemaErrors("codex-schema/pre-tool-use.command.input.schema.json"), PostToolUse: schemaErrors("codex-schema/post-tool-use.command.input.schema.json") };
const outputErrors = { PreToolUse: schemaErrors("codex-schema/pre-tool-use.command.output.schema.json"), PostToolUse: schemaErrors("codex-schema/post-tool-use.command.output.schema.json") };
type CodexEventName = keyof typeof inputErrors;

/** Codex's schema's complaints about an event it would write ([] when it is valid). */
export const codexEventErrors = (event: CodexHookEvent): unknown[] => inputErrors[event.hook_event_name as CodexEventName](event);
/** Codex's schema's complaints about a hook's answer to an event of this name ([] when Codex takes it). */
export const codexOutputErrors = (eventName: string, answer: unknown): unknown[] => outputErrors[eventName as CodexEventName](answer);
