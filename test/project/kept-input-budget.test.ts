// A text that fits whole beside a structuredContent that was cut: the input is then saved (keepInput) and its id and
// path written (`output_id`, `output_path`; `--to mcp` says them in the note and `_meta`). The whole text is checked
// with them: before, it was checked without and went over by them (340 o200k tokens of 294, bytes the same way).
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { projectResult, type ProjectOptions } from "../../src/project/project.js";
import { SpillStore } from "../../src/spill/store.js";

const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-kept-input-")), "spill"));
const text = Array.from({ length: 5 }, (_, index) => `{"i":${index},"k":"${"ab".repeat(index)}"},[]`).join("\n");
const source = normalizeValue({ content: [{ type: "text", text }], structuredContent: { id: { items: null, id: "a_b-c.d" }, rows: "中文字符 item".repeat(80) } }, "mcp");

/** The written output, or undefined when refused (nothing written). */
function written(options: ProjectOptions): string | undefined {
  try {
    return projectResult(source, { ...options, spill: { store } }).text;
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return undefined;
    throw error;
  }
}

describe("a whole text beside a cut structuredContent is checked with the saved input's id and path", () => {
  for (const to of [undefined, "mcp" as const]) {
    const format = to === undefined ? { format: "json" as const } : { to };
    test(`${to ?? "--format json"}: tokens (o200k and the estimate), never over`, () => {
      for (const [countTokens, from] of [[(value: string) => countO200k(value), 250], [estimateTokens, 350]] as const) {
        const kept: number[] = [];
        for (let maxTokens = from; maxTokens <= from + 300; maxTokens += 3) {
          const output = written({ ...format, budget: { maxTokens, maxBytes: 16_000, maxLines: 2000 }, countTokens });
          if (output === undefined) continue;
          kept.push(maxTokens);
          expect(countTokens(output), `at --max-tokens ${maxTokens}`).toBeLessThanOrEqual(maxTokens);
        }
        expect(kept.length).toBeGreaterThan(0);
      }
    });

    test(`${to ?? "--format json"}: bytes, never over`, () => {
      for (let maxBytes = 600; maxBytes <= 2400; maxBytes += 7) {
        const output = written({ ...format, budget: { maxBytes, maxLines: 2000 } });
        if (output !== undefined) expect(Buffer.byteLength(output), `at --max-bytes ${maxBytes}`).toBeLessThanOrEqual(maxBytes);
      }
    });
  }
});
