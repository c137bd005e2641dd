// Test helper: the Gemini CLI hook events of test/fixtures/hooks/gemini-cli/, and the answer's JSON Schema.
import type { GeminiCliHookEvent } from "../../src/hooks/gemini-cli-types.js";
import { eventFolder, schemaErrors } from "./fixtures.js";

const gemini = eventFolder<GeminiCliHookEvent>("gemini-cli/");

/** The names of the recorded events (file names without `.json`). */
export const geminiEventNames = gemini.names;
/** The text of one recorded event, as Gemini CLI writes it on the hook's stdin. */
export const readGeminiEventText = gemini.readText;
/** One recorded event, parsed. */
export const loadGeminiEvent = gemini.load;
/** The schema's complaints about a hook answer ([] when it is valid). */
export const geminiOutputErrors = schemaErrors("gemini-cli-hook-output.schema.json");
