// Test helper: what Codex CLI and opencode do to an MCP tool result before their model reads it, written after
// their code (src/hooks/README.md, "MCP results"), so a test can apply the client's own cut to correx's result.

/** Codex's estimate: 4 bytes a token, rounded up (codex-rs/utils/string/src/truncate.rs `approx_token_count`). */
const codexTokens = (text: string): number => Math.ceil(Buffer.byteLength(text) / 4);

/**
 * Codex's `truncate_middle_with_token_budget`: whole up to `tokens` × 4 bytes, else the first and last halves of
 * those bytes around `…N tokens truncated…` (cut on character boundaries; close enough for ASCII test texts).
 */
function codexMiddleCut(text: string, tokens: number): string {
  const bytes = Buffer.from(text);
  const budget = tokens * 4;
  if (bytes.length <= budget) return text;
  const left = Math.floor(budget / 2);
  const removed = Math.ceil((bytes.length - budget) / 4);
  return `${bytes.subarray(0, left).toString("utf8")}…${removed} tokens truncated…${bytes.subarray(bytes.length - (budget - left)).toString("utf8")}`;
}

/** The policy of Codex's catalog models (10,000 tokens) with the 20 % allowance its history adds. */
export const CODEX_TOKENS = 12_000;

/**
 * What Codex's model reads of a CallToolResult: its structuredContent as JSON when it has one, else its text items
 * (`as_function_call_output_payload`), each kept while the budget lasts, the first one over it cut in the middle, the
 * rest left out (`truncate_function_output_items_with_policy`). Errors alike.
 */
export function codexView(result: { content: { type: string; text?: string }[]; structuredContent?: unknown }): string[] {
  if (result.structuredContent !== undefined && result.structuredContent !== null) return [codexMiddleCut(JSON.stringify(result.structuredContent), CODEX_TOKENS)];
  let remaining = CODEX_TOKENS;
  const out: string[] = [];
  for (const block of result.content) {
    if (block.type !== "text" || !block.text) continue;
    if (remaining === 0) continue;
    const cost = codexTokens(block.text);
    if (cost <= remaining) {
      out.push(block.text);
      remaining -= cost;
    } else {
      out.push(codexMiddleCut(block.text, remaining));
      remaining = 0;
    }
  }
  return out;
}

/** Older Codex versions sent a content array without images as its JSON, one text (models.rs `FunctionCallOutputPayload::from`). */
export function codexViewAsJson(result: { content: unknown[] }): string {
  return codexMiddleCut(JSON.stringify(result.content), CODEX_TOKENS);
}

/**
 * What opencode's model reads of a successful CallToolResult: the text blocks joined by "\n", then `Truncate.output`:
 * whole up to 2,000 lines (`split("\n")`) and 51,200 bytes, else the head that fits and a note where the whole is.
 */
export function opencodeView(result: { content: { type: string; text?: string }[] }): string {
  const text = result.content.filter((block) => block.type === "text").map((block) => block.text ?? "").join("\n");
  const lines = text.split("\n");
  if (lines.length <= 2000 && Buffer.byteLength(text) <= 51_200) return text;
  const kept: string[] = [];
  let bytes = 0;
  for (let index = 0; index < lines.length && index < 2000; index += 1) {
    const size = Buffer.byteLength(lines[index]!) + (index > 0 ? 1 : 0);
    if (bytes + size > 51_200) break;
    kept.push(lines[index]!);
    bytes += size;
  }
  return `${kept.join("\n")}\n...${lines.length - kept.length} lines truncated...\nThe tool call succeeded but the output was truncated. Full output saved to: PATH`;
}
