// A TypeScript harness using correx as a library: read a tool's result in whatever shape it came, give the
// model a bounded view with the full output saved, and hand the provider its exact wire JSON.
// The test suite type-checks this file and runs it against the packed package (README: "The library").
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bound, formatTool, lower, normalize, project, SpillStore, type ToolResult } from "correx";

// Any known tool-result shape becomes one payload: here an MCP CallToolResult that failed.
const failed: ToolResult = normalize({ content: [{ type: "text", text: "connect ECONNREFUSED 127.0.0.1:5432" }], isError: true });
console.log(JSON.stringify(failed));

// The store keeps what a cut leaves out (a harness would use defaultSpillDir(process.env, homedir())).
const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-library-")), "tool-output"));
store.prepare(); // creates the directory 0700 and refuses an unsafe one

// A long log, bounded to 8 lines: its start, the marker, and the failure at its end.
const log = `${Array.from({ length: 300 }, (_, index) => `step ${index + 1}: ok`).join("\n")}\nstep 301: FAILED (disk full)\n`;
const bounded = bound(log, { budget: { maxLines: 8, maxBytes: 4096 }, spill: { store } });
process.stdout.write(bounded.text);
if (bounded.spill?.kind === "saved") console.log(`saved ${bounded.totalLines} lines as ${bounded.spill.id}`);

// A bash result in the tool's own format, bounded and lowered in one step: an Anthropic tool_result block.
const shell: ToolResult = { ok: false, tool: "bash", error: log, meta: { exit_code: 1 } };
const block = project(shell, { budget: { maxLines: 8, maxBytes: 4096 }, spill: { store }, to: "anthropic", lower: { callId: "toolu_01" } });
process.stdout.write(block.text);

// Or lower a result yourself; lossy steps come back as warnings instead of being silent.
const chat = lower(failed, "openai-chat", { callId: "call_01", envelope: "part" });
console.log(JSON.stringify(chat.payload), chat.warnings);

// A tool formatter alone: grep output as the model reads it (opencode's wording).
const grep = formatTool({ ok: true, tool: "grep", data: "src/db.ts:12:const port = 5432;\nsrc/db.ts:40:connect(port);\n" }, { budget: { maxLines: 2000, maxBytes: 51200 } });
console.log(grep.header + grep.body + grep.footer);
