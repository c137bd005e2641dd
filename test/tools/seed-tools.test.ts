// Issue 14: the opencode texts correx did not produce (question, edit with its diff, image reads, directories),
// and read pages that stay true under a JSON or provider budget.
import { describe, expect, test } from "vitest";
import type { Provider, ToolResult } from "../../src/payload.js";
import { PROVIDERS } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";
import { renderTerminal } from "../../src/project/terminal.js";
import { formatTool, joinToolText } from "../../src/tools/index.js";

const budget = { maxLines: 2000, maxBytes: 51200 };
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("question", () => {
  const said = 'User has answered your questions: "What color?"="Blue", "Which sizes?"="S, M", "Why?"="Unanswered". You can now continue with the user\'s answers in mind.';
  test.each([
    ["opencode's questions beside the answers", { questions: [{ question: "What color?" }, { question: "Which sizes?" }, { question: "Why?" }], answers: [["Blue"], ["S", "M"], []] }],
    ["a list of question and answer", [{ question: "What color?", answer: "Blue" }, { question: "Which sizes?", answers: ["S", "M"] }, { question: "Why?", answers: [] }]],
    ["an object question → answer", { "What color?": "Blue", "Which sizes?": ["S", "M"], "Why?": [] }],
  ])("%s", (_name, data) => {
    expect(joinToolText(formatTool({ ok: true, tool: "question", data }, { budget }))).toBe(said);
  });
  test("text data is shown as it is", () => {
    expect(joinToolText(formatTool({ ok: true, tool: "question", data: "Blue" }, { budget }))).toBe("Blue");
  });
});

describe("edit", () => {
  const diff = "--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-old line\n+new line\n";
  const result: ToolResult = { ok: true, tool: "edit", data: diff, meta: { path: "src/app.ts", replacements: 1 } };
  test("--style opencode: opencode's text with the diff block", () => {
    expect(joinToolText(formatTool(result, { budget, style: "opencode" }))).toBe(
      `Edited file successfully: src/app.ts\nReplacements: 1\n\`\`\`diff\n${diff.trimEnd()}\n\n\`\`\``,
    );
  });
  test("the default stays Rind's: the model reads where and how much, the terminal shows the diff", () => {
    expect(projectResult(result).text).toBe("Edited file successfully: src/app.ts (+1 -1; line 1)\nReplacements: 1\n");
    const terminal = projectResult(result, { reader: "terminal", terminal: renderTerminal }).text;
    expect(terminal).toContain("-old line");
    expect(terminal).toContain("+new line");
  });
});

describe("read", () => {
  test("an image read as an attachment says so, as opencode does", () => {
    const image: ToolResult = { ok: true, tool: "read", data: "", meta: { path: "/repo/shot.png" }, attachments: [{ mime: "image/png", data: PNG, size: 70 }] };
    expect(joinToolText(formatTool(image, { budget }))).toBe("Image read successfully");
  });
  test("a directory lists its entries without line numbers", () => {
    const directory: ToolResult = { ok: true, tool: "read", data: "src/\nREADME.md\npackage.json\n", meta: { path: "/repo", type: "directory" } };
    expect(joinToolText(formatTool(directory, { budget }))).toBe("<path>/repo</path>\n<type>directory</type>\n<entries>\nsrc/\nREADME.md\npackage.json\n(3 entries)\n</entries>");
    expect(joinToolText(formatTool({ ...directory, meta: { ...directory.meta, limit: 2 } }, { budget }))).toBe(
      "<path>/repo</path>\n<type>directory</type>\n<entries>\nsrc/\nREADME.md\n(Showing 2 of 3 entries. Use 'offset' parameter to read beyond entry 2)\n</entries>",
    );
  });

  const lines = Array.from({ length: 5000 }, (_, index) => `line number ${index + 1} of the file with some text`).join("\n");
  const file: ToolResult = { ok: true, tool: "read", data: `${lines}\n`, meta: { path: "/r/f.txt" } };
  const targets: [string, Provider | undefined][] = [["json payload", undefined], ...PROVIDERS.map((to): [string, Provider] => [to, to])];
  test.each(targets)("a 5,000-line read under the %s budget is one true page", (_name, to) => {
    const projection = projectResult(file, { format: "json", ...(to ? { to } : {}), lower: { callId: "c1", name: "read" } });
    const written = projection.text;
    expect(Buffer.byteLength(written.replace(/\n$/, ""))).toBeLessThanOrEqual(51200);
    expect(projection.bound.truncated).toBe(false);
    const shown = [...JSON.parse(JSON.stringify(written)).matchAll(/(\d+): line number (\d+) /g)].map((match) => [Number(match[1]), Number(match[2])]);
    const footer = /Showing lines 1-(\d+) of 5000\. Use offset=(\d+) to continue\./.exec(written);
    expect(footer).not.toBeNull();
    const last = Number(footer![1]);
    expect(shown.length).toBe(last);
    shown.forEach(([number, content], index) => expect([number, content]).toEqual([index + 1, index + 1]));
    if (to === undefined) expect(JSON.parse(written).meta.next_offset).toBe(last + 1);
  });
});
