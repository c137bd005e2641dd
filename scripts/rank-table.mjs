// Writes a BPE rank table (src/tokenizer/rank-table.ts's layout) from gpt-tokenizer's ranks, at build time:
// `node scripts/rank-table.mjs OUT [encoding]` or writeRankTableFile(OUT, encoding) from scripts/build.mjs.
import { build } from "esbuild";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** src/tokenizer/rank-table.ts bundled in memory and imported (one layout, written here and read at run time). */
async function loadWriter() {
  const bundled = await build({ entryPoints: ["src/tokenizer/rank-table.ts"], bundle: true, write: false, format: "esm", platform: "node", target: "node20", logLevel: "warning" });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString("base64")}`);
}

/** Writes the table of an encoding to a file; returns its size in bytes. */
export async function writeRankTableFile(out, encoding = "o200k_base") {
  const { writeRankTable, tokenBytesOf } = await loadWriter();
  const { default: ranks } = await import(`gpt-tokenizer/bpeRanks/${encoding}`);
  const table = writeRankTable(tokenBytesOf(ranks));
  writeFileSync(out, table);
  return table.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [out, encoding] = process.argv.slice(2);
  if (!out) {
    console.error("usage: node scripts/rank-table.mjs OUT [o200k_base|cl100k_base]");
    process.exitCode = 2;
  } else {
    console.log(`${out}: ${await writeRankTableFile(out, encoding)} bytes`);
  }
}
