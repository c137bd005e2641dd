// A harness building eve-style tool outputs and checking typed (Kontext-style) results with correx as a library.
// Run from a clone after `npm run build`: node examples/typed-results.mjs (zod is a dev dependency of correx).
import { lower, normalize, toolOutput, toolOutputPart, ToolResultRegistry } from "correx";
import { z } from "zod";

// eve's builders: a screenshot tool's output, text and an image part, without writing the nesting by hand.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const output = toolOutput.content([toolOutputPart.text("Screenshot of /settings:"), toolOutputPart.file(PNG, { mediaType: "image/png", filename: "settings.png" })]);
console.log(JSON.stringify(output));

// The same output for another provider: read it as eve's shape, lower it to an Anthropic tool_result block.
const block = lower(normalize(output, "eve"), "anthropic", { callId: "toolu_01", envelope: "part" });
console.log(JSON.stringify(block.payload));

// Typed results: a zod schema (or a JSON Schema) per tool; a result that breaks it names the first bad path.
const registry = new ToolResultRegistry()
  .register("run_python", z.object({ success: z.boolean(), message: z.string(), outputs: z.array(z.object({ type: z.enum(["stdout", "stderr"]), text: z.string() })) }))
  .register("search", { type: "object", required: ["hits"], properties: { hits: { type: "array", items: { type: "string" } } } });

const good = normalize('{"success":true,"message":"ran 1 cell","outputs":[{"type":"stdout","text":"42\\n"}]}', "kontext");
registry.validate("run_python", good);
console.log("run_python: valid");

const bad = normalize({ success: true, message: "ran 1 cell", outputs: [{ type: "stdout", text: 42 }] }, "kontext");
try {
  registry.validate("run_python", bad);
} catch (error) {
  console.log(`run_python: ${error.code} error at ${error.where}`);
}
console.log(JSON.stringify(registry.check("search", { hits: ["a", 2] })));
console.log(`an untyped tool keeps the flat fallback: ${registry.has("other") ? "typed" : "nothing to check"}`);
