// Ordered multi-part sources (MCP content, AI SDK content, Anthropic blocks…) become one text, the
// attachments beside it, and a layout in meta.parts from which lowering can rebuild the parts in order.
import type { Attachment } from "../payload.js";
import { buildAttachment, type AttachmentInput } from "./attachments.js";

/**
 * One source part, in source order (meta.parts). Text parts are joined with PART_SEPARATOR into the
 * result text (data when ok, error when not); `chars` is each part's length in UTF-16 code units, so
 * the text splits back into the parts exactly as long as it was not cut by the bounder.
 */
export type PartLayout =
  | { type: "text"; chars: number; extra?: Record<string, unknown> }
  | { type: "attachment"; index: number }
  | { type: "kept"; value: unknown };

/** What goes between two consecutive text parts in the result text. */
export const PART_SEPARATOR = "\n";
/** MCP text parts are joined with a blank line, as opencode joins an MCP tool's text parts for the model. */
export const MCP_PART_SEPARATOR = "\n\n";

/** The separator a shape's text parts are joined with. */
export function partSeparatorOf(shape: unknown): string {
  return shape === "mcp" ? MCP_PART_SEPARATOR : PART_SEPARATOR;
}

/** Collects the parts of one source in order. */
export class PartCollector {
  readonly parts: PartLayout[] = [];
  readonly attachments: Attachment[] = [];
  readonly notes: string[] = [];
  private readonly texts: string[] = [];

  constructor(private readonly separator: string = PART_SEPARATOR) {}

  /** A text part; `extra` keeps what the source said about it besides the text. */
  addText(text: string, extra?: Record<string, unknown>): void {
    this.texts.push(text);
    this.parts.push(extra === undefined ? { type: "text", chars: text.length } : { type: "text", chars: text.length, extra });
  }

  /** A file part: checked into an attachment, or, when unreadable, a line of text that says so. */
  addAttachment(input: AttachmentInput): void {
    const outcome = buildAttachment(input);
    if (!outcome.readable) {
      this.addText(outcome.line, { unreadable: outcome.reason });
      return;
    }
    this.notes.push(...outcome.notes);
    this.parts.push({ type: "attachment", index: this.attachments.length });
    this.attachments.push(outcome.attachment);
  }

  /** A part correx has no model for (a provider file id, a search result…), kept verbatim for lowering. */
  keep(value: unknown): void {
    this.parts.push({ type: "kept", value });
  }

  /** True when at least one text part was added. */
  hasText(): boolean {
    return this.texts.length > 0;
  }

  /** The text parts joined in order. */
  text(): string {
    return this.texts.join(this.separator);
  }
}
