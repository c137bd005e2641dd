// The byte budget the proxy gives a result, by the client that will read it (src/mcp/client-limits.ts).
import { describe, expect, test } from "vitest";
import { CLAUDE_CODE_CLIENT, CODEX_CLI_CLIENT, GEMINI_CLI_CLIENT, OPENCODE_CLIENT, resultMaxBytes, resultMaxLines } from "../../src/mcp/client-limits.js";

const DEFAULT = { maxBytes: 51_200, maxBytesGiven: false, maxLines: 2_000, maxLinesGiven: false };

describe("resultMaxBytes", () => {
  test("Claude Code: an error result gets 10,000 bytes (it shows an error whole only up to 11,024 characters), a success keeps the budget", () => {
    expect(resultMaxBytes(DEFAULT, CLAUDE_CODE_CLIENT, true)).toBe(10_000);
    expect(resultMaxBytes(DEFAULT, CLAUDE_CODE_CLIENT, false)).toBeUndefined();
  });

  test("Gemini CLI: a success gets at most 40,000 bytes (it cuts one text part past 40,000 characters), unless --max-bytes was given", () => {
    expect(resultMaxBytes(DEFAULT, GEMINI_CLI_CLIENT, false)).toBe(40_000);
    expect(resultMaxBytes(DEFAULT, GEMINI_CLI_CLIENT, true)).toBeUndefined();
    expect(resultMaxBytes({ maxBytes: 51_200, maxBytesGiven: true }, GEMINI_CLI_CLIENT, false)).toBeUndefined();
  });

  test("--failure-max-bytes bounds any client's error results; never more than --max-bytes", () => {
    expect(resultMaxBytes({ ...DEFAULT, failureMaxBytes: 8_000 }, "some-client", true)).toBe(8_000);
    expect(resultMaxBytes({ ...DEFAULT, failureMaxBytes: 8_000 }, CLAUDE_CODE_CLIENT, true)).toBe(8_000);
    expect(resultMaxBytes({ maxBytes: 6_000, maxBytesGiven: true }, CLAUDE_CODE_CLIENT, true)).toBeUndefined();
    expect(resultMaxBytes(DEFAULT, "some-client", true)).toBeUndefined();
    expect(resultMaxBytes(DEFAULT, undefined, false)).toBeUndefined();
  });

  test("Codex CLI: any result gets 40,000 bytes (it keeps 10,000 tokens × 1.2, estimated at 4 bytes, errors alike), unless --max-bytes was given", () => {
    expect(resultMaxBytes(DEFAULT, CODEX_CLI_CLIENT, false)).toBe(40_000);
    expect(resultMaxBytes(DEFAULT, CODEX_CLI_CLIENT, true)).toBe(40_000);
    expect(resultMaxBytes({ ...DEFAULT, failureMaxBytes: 8_000 }, CODEX_CLI_CLIENT, true)).toBe(8_000);
    expect(resultMaxBytes({ ...DEFAULT, maxBytesGiven: true }, CODEX_CLI_CLIENT, false)).toBeUndefined();
    expect(resultMaxBytes({ ...DEFAULT, maxBytes: 30_000 }, CODEX_CLI_CLIENT, false)).toBeUndefined();
  });

  test("opencode: 1,990 lines (it keeps the head of a text past 2,000 lines as split by \\n, one more a text block), unless --max-lines was given; its bytes are correx's default", () => {
    expect(resultMaxLines(DEFAULT, OPENCODE_CLIENT)).toBe(1_990);
    expect(resultMaxLines({ ...DEFAULT, maxLinesGiven: true }, OPENCODE_CLIENT)).toBeUndefined();
    expect(resultMaxLines({ ...DEFAULT, maxLines: 500 }, OPENCODE_CLIENT)).toBeUndefined();
    expect(resultMaxBytes(DEFAULT, OPENCODE_CLIENT, false)).toBeUndefined();
    for (const client of [CLAUDE_CODE_CLIENT, GEMINI_CLI_CLIENT, CODEX_CLI_CLIENT, undefined]) expect(resultMaxLines(DEFAULT, client)).toBeUndefined();
  });
});
