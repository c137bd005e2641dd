// Turns a result's pieces into a provider's content blocks, saying in the text what could not be carried.
import type { Attachment } from "../payload.js";
import type { Omission } from "./media.js";
import { joinParagraphs } from "./result-text.js";
import type { Piece } from "./source-layout.js";

/** How one provider writes each kind of piece; an attachment it cannot carry is an Omission. */
export interface BlockWriter<Block> {
  text(text: string, extra: Record<string, unknown>): Block;
  /** `index` counts the attachments only (0 for the first), for names like `attachment-1.pdf`. */
  attachment(attachment: Attachment, extra: Record<string, unknown>, index: number): Block | Omission;
  /** False for text pieces that are not prose (a JSON block, a document): notes are not appended to them. */
  takesNotes?(extra: Record<string, unknown>): boolean;
}

/** The blocks, the notes said for omitted attachments, their warnings, and how many non-text blocks there are. */
export interface Composed<Block> {
  blocks: Block[];
  notes: string[];
  warnings: string[];
  mediaCount: number;
}

function isOmission<Block>(outcome: Block | Omission): outcome is Omission {
  return typeof outcome === "object" && outcome !== null && "note" in outcome && "warning" in outcome;
}

/**
 * Writes the pieces in order; kept source parts go through verbatim. Notes for omitted attachments are
 * appended to the last text piece that takes notes, or become a text block of their own at the start.
 */
export function composeBlocks<Block>(pieces: readonly Piece[], writer: BlockWriter<Block>): Composed<Block> {
  let attachmentIndex = 0;
  const outcomes = pieces.map((piece) => {
    if (piece.kind === "omitted") return piece.omission;
    return piece.kind === "attachment" ? writer.attachment(piece.attachment, piece.extra, attachmentIndex++) : undefined;
  });
  const omissions = outcomes.filter((outcome): outcome is Omission => outcome !== undefined && isOmission(outcome));
  const notes = omissions.map((omission) => omission.note);
  const takesNotes = writer.takesNotes ?? (() => true);
  const lastText = pieces.map((piece) => piece.kind === "text" && takesNotes(piece.extra)).lastIndexOf(true);
  const blocks: Block[] = lastText < 0 && notes.length > 0 ? [writer.text(joinParagraphs(notes), {})] : [];
  let mediaCount = 0;
  pieces.forEach((piece, index) => {
    if (piece.kind === "text") {
      blocks.push(writer.text(index === lastText ? joinParagraphs([piece.text, ...notes]) : piece.text, piece.extra));
      return;
    }
    const block = piece.kind === "kept" ? (piece.value as Block) : outcomes[index];
    if (block === undefined || isOmission(block)) return;
    blocks.push(block);
    mediaCount += 1;
  });
  return { blocks, notes, warnings: omissions.map((omission) => omission.warning), mediaCount };
}
