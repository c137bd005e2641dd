// A note in the place of media left out (--max-media, result-bound.ts) names the id the whole answer is saved under:
// that id is chosen before the answer is bounded and saved, so the saved copy's text view (which read_output pages and
// which holds the note too) names it, and the budget counts the id that is sent. Before, the note held a placeholder
// (`tool_00000000000000000000000000`) until the answer was saved: the saved copy kept it, and the tokens were counted
// on it (26 zeros are far fewer tokens than an id's random characters).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { SpillStore } from "../../src/spill/store.js";

type Block = Record<string, unknown> & { type: string; text?: string };

const log = Array.from({ length: 600 }, (_, index) => `2026-12-04T18:${String(index % 60).padStart(2, "0")}:00Z INFO worker-${index % 7} processed batch ${index + 1}`).join("\n");
const image = { type: "image", data: "iVBORw0KGgo".repeat(2000), mimeType: "image/png" };

function bound(content: Block[], budget: { maxBytes: number; maxTokens?: number }) {
  const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-note-id-")), "spill"));
  const result = { content };
  const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
  const outcome = boundCallToolResult(result, raw, { bound: resolveBoundOptions({ budget: { maxLines: 2000, ...budget } }), readToolName: "read_output", spill: { store }, maxMediaBytes: 1024 });
  const sent = outcome.result!;
  // the note is a line of the text bounded: a budget too small for it leaves it out
  const note = (sent.content as Block[]).find((block) => block.text?.includes("left out by --max-media"));
  const id = /read_output id=(tool_\w+)\]/.exec(note?.text ?? "")?.[1];
  return { sent, id, outputId: outcome.outputId, textView: readFileSync(store.textViewPath(outcome.outputId!), "utf8") };
}

describe("the note in the place of media left out names the saved answer", () => {
  test("a text that fits: the answer saved whole, its text view's note naming the id it is saved under", () => {
    const { id, outputId, textView } = bound([{ type: "text", text: "A chart of the week" }, image], { maxBytes: 4000 });
    expect(id).toBe(outputId);
    expect(textView).toContain(`the full result is saved: read_output id=${outputId}]`);
    expect(textView).not.toContain("tool_0000");
  });

  test("a text that is cut: the marker and the note name one id, which the text view names too", () => {
    const { sent, id, outputId, textView } = bound([{ type: "text", text: log }, image], { maxBytes: 4000 });
    expect(id).toBe(outputId);
    expect((sent.content as Block[]).map((block) => block.text ?? "").join("\n")).toContain(`correx read ${outputId}`);
    expect(textView).toContain(`the full result is saved: read_output id=${outputId}]`);
    expect(textView).not.toContain("tool_0000");
  });

  // Ten images left out: ten notes naming the id. A placeholder of 26 zeros is 13 tokens by the estimate, an id 18 to
  // 22: counted on the placeholder (before 8694954), the result as sent went over the budget (1,377 tokens at --max-tokens 1350).
  test("--max-tokens holds on the result as sent, each note's id counted", () => {
    const thumbnails = Array.from({ length: 10 }, () => image);
    let noted = 0;
    for (let maxTokens = 1200; maxTokens <= 2000; maxTokens += 50) {
      const { sent, id, outputId } = bound([{ type: "text", text: log }, ...thumbnails, { type: "text", text: "the charts above are the week's load" }], { maxBytes: 50_000, maxTokens });
      const written = `${JSON.stringify({ ...sent, content: (sent.content as Block[]).map((block) => (block.type === "image" ? { ...block, data: "" } : block)) })}\n`;
      expect(estimateTokens(written), `--max-tokens ${maxTokens}`).toBeLessThanOrEqual(maxTokens);
      if (id === undefined) continue;
      expect(id).toBe(outputId);
      noted += 1;
    }
    expect(noted).toBeGreaterThan(0);
  });
});
