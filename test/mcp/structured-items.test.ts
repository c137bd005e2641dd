// boundStructured keeps as many items at each end of an array as fit: it halves the items kept (64, 32, 16 …) until
// the whole fits, then searches back up between the fitting count and twice it. Before, an array whose 64 items a
// side did not fit kept 32, so a cut could use barely half its budget.
import { describe, expect, test } from "vitest";
import { boundStructured } from "../../src/mcp/structured-bound.js";

const none = new Set<string>();

describe("boundStructured: an array's items fill their budget", () => {
  test.each([3000, 4000, 5000, 6000])("rows of records at %i bytes: within the budget, and past 3/4 of it", (maxBytes) => {
    const value = { rows: Array.from({ length: 2000 }, (_, id) => ({ id, name: `module-${id % 97}`, ok: id % 11 !== 0 })), total: 2000 };
    const { value: cut } = boundStructured(value, { maxBytes, where: "full result: read_output id=tool_x", media: none, dropped: none }) as { value: typeof value };
    const bytes = Buffer.byteLength(JSON.stringify(cut));
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    expect(bytes, `${cut.rows.length} rows kept`).toBeGreaterThan(maxBytes * 0.75);
    expect(cut.rows[0]).toEqual(value.rows[0]);
    expect(cut.rows.at(-1)).toEqual(value.rows.at(-1));
  });
});
