// Identifies a file type from its first bytes (magic numbers), for binary summaries and attachment MIME checks.

/** A sniffed file type: its MIME type and a short human name. */
export interface SniffedType {
  mime: string;
  name: string;
}

type Rule = { mime: string; name: string; test: (b: Uint8Array) => boolean };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const RULES: readonly Rule[] = [
  { mime: "image/png", name: "PNG image", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: "image/jpeg", name: "JPEG image", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: "image/gif", name: "GIF image", test: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  { mime: "image/webp", name: "WebP image", test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
  { mime: "audio/wav", name: "WAV audio", test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WAVE"), 8) },
  { mime: "image/bmp", name: "BMP image", test: (b) => startsWith(b, ascii("BM")) && b.length >= 14 && (b[6] ?? 1) === 0 && (b[7] ?? 1) === 0 },
  { mime: "image/tiff", name: "TIFF image", test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { mime: "image/x-icon", name: "ICO image", test: (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]) },
  { mime: "image/avif", name: "AVIF image", test: (b) => startsWith(b, ascii("ftypavif"), 4) },
  { mime: "image/heic", name: "HEIC image", test: (b) => startsWith(b, ascii("ftypheic"), 4) },
  { mime: "video/mp4", name: "MP4 video", test: (b) => startsWith(b, ascii("ftyp"), 4) },
  { mime: "application/pdf", name: "PDF document", test: (b) => startsWith(b, ascii("%PDF-")) },
  { mime: "application/gzip", name: "gzip archive", test: (b) => startsWith(b, [0x1f, 0x8b]) },
  { mime: "application/zip", name: "zip archive", test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]) },
  { mime: "application/x-bzip2", name: "bzip2 archive", test: (b) => startsWith(b, ascii("BZh")) },
  { mime: "application/x-xz", name: "xz archive", test: (b) => startsWith(b, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) },
  { mime: "application/zstd", name: "zstd archive", test: (b) => startsWith(b, [0x28, 0xb5, 0x2f, 0xfd]) },
  { mime: "application/x-7z-compressed", name: "7z archive", test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { mime: "application/x-tar", name: "tar archive", test: (b) => startsWith(b, ascii("ustar"), 257) },
  { mime: "application/x-elf", name: "ELF executable", test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  { mime: "application/x-mach-binary", name: "Mach-O executable", test: (b) => [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xcf, 0xfa, 0xed, 0xfe], [0xce, 0xfa, 0xed, 0xfe]].some((s) => startsWith(b, s)) },
  { mime: "application/vnd.microsoft.portable-executable", name: "PE executable", test: (b) => startsWith(b, ascii("MZ")) },
  { mime: "application/wasm", name: "WebAssembly module", test: (b) => startsWith(b, [0x00, 0x61, 0x73, 0x6d]) },
  { mime: "application/x-sqlite3", name: "SQLite database", test: (b) => startsWith(b, ascii("SQLite format 3\0")) },
  { mime: "audio/mpeg", name: "MP3 audio", test: (b) => startsWith(b, ascii("ID3")) || (b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) },
  { mime: "audio/ogg", name: "Ogg audio", test: (b) => startsWith(b, ascii("OggS")) },
  { mime: "audio/flac", name: "FLAC audio", test: (b) => startsWith(b, ascii("fLaC")) },
  { mime: "video/webm", name: "WebM video", test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { mime: "application/java-vm", name: "Java class file", test: (b) => startsWith(b, [0xca, 0xfe, 0xba, 0xbe]) },
];

/** The type that the first bytes announce, or undefined when no known signature matches. */
export function sniffType(bytes: Uint8Array): SniffedType | undefined {
  const rule = RULES.find((candidate) => candidate.test(bytes));
  return rule && { mime: rule.mime, name: rule.name };
}

const SIZE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB"] as const;

/** Formats a byte count for people: "512 B", "1.5 KiB", "3.2 MiB". */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
