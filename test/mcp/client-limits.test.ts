// The byte budget the proxy gives a result, by the client that will read it (src/mcp/client-limits.ts).
import { describe, expect, test } from "vitest";
import { CLAUDE_CODE_CLIENT, GEMINI_CLI_CLIENT, resultMaxBytes } from "../../src/mcp/client-limits.js";

const DEFAULT = { maxBytes: 51_200, maxBytesGiven: false };

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
});
