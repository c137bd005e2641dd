// Sample results, one per input kind, that every provider's tests lower (text, json, error, truncated,
// image, pdf, audio, mixed), plus the media they carry.
import type { Attachment, ToolResult } from "../../src/payload.js";

/** A 1×1 PNG. */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** A minimal PDF. */
export const PDF_BASE64 = "JVBERi0xLjQKMSAwIG9iaiA8PD4+IGVuZG9iagp0cmFpbGVyIDw8Pj4KJSVFT0YK";
/** A WAV header with no samples. */
export const WAV_BASE64 = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

export const PNG: Attachment = { mime: "image/png", data: PNG_BASE64, name: "chart.png", size: 70 };
export const PDF: Attachment = { mime: "application/pdf", data: PDF_BASE64, name: "report.pdf", size: 48 };
export const WAV: Attachment = { mime: "audio/wav", data: WAV_BASE64, name: "clip.wav", size: 44 };

/** The truncation marker as the bounder writes it (its exact wording is the bounder's; lowering only carries it). */
export const MARKER =
  "... 4,000 lines (210.5 KiB) omitted: lines 401-4400 of 6000 ...\n" +
  "full output: /home/u/.local/state/correx/tool-output/tool_01JQ7Z3Y8K; read more: correx read tool_01JQ7Z3Y8K --offset 401 " +
  "(or sed -n '401,4400p' /home/u/.local/state/correx/tool-output/tool_01JQ7Z3Y8K)";

export const TEXT: ToolResult = { ok: true, tool: "bash", data: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." };
export const JSON_RESULT: ToolResult = { ok: true, tool: "get_weather", data: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] } };
export const ERROR: ToolResult = { ok: false, tool: "read", error: "ENOENT: no such file or directory, open 'missing.txt'", error_type: "not_found" };
export const TRUNCATED: ToolResult = {
  ok: true,
  tool: "bash",
  data: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000`,
  meta: { truncated: true, output_id: "tool_01JQ7Z3Y8K", output_path: "/home/u/.local/state/correx/tool-output/tool_01JQ7Z3Y8K", total_lines: 6000 },
};
export const IMAGE: ToolResult = { ok: true, tool: "screenshot", data: "Captured the window.", attachments: [PNG] };
export const PDF_RESULT: ToolResult = { ok: true, tool: "export", data: "Exported the report.", attachments: [PDF] };
export const AUDIO: ToolResult = { ok: true, tool: "record", data: "Recorded 0 s.", attachments: [WAV] };
export const MIXED: ToolResult = { ok: true, tool: "render", data: "Rendered 3 files.", attachments: [PNG, PDF, WAV] };
