// 2 MiB of ordinary log lines (no needle in them), put after a recorded output so that it leaves the tail ring and
// salience's byte path scans it (the outputs alone fit the window); bench/salience-byte-path.mjs uses the same lines.

/** The padding, as text. */
export function logPadding(): string {
  const lines: string[] = [];
  for (let index = 0, bytes = 0; bytes < 2 * 1024 * 1024; index += 1) {
    const line = `2026-12-01T04:${String(index % 60).padStart(2, "0")}:00Z INFO [worker-${index % 13}] compiled src/module-${index % 97}.ts in ${index % 997} ms`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}
