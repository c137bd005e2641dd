#!/usr/bin/env node
// npm pack's prepack/postpack: the published package.json carries no `prepare` (it builds dist/ from sources the
// tarball does not ship), so installing the tarball runs no script at all. `strip` keeps the original beside it;
// `restore` puts it back.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const manifest = fileURLToPath(new URL("../package.json", import.meta.url));
const original = `${manifest}.orig`;
const [step] = process.argv.slice(2);

if (step === "strip") {
  if (existsSync(original)) throw new Error(`${original} exists: restore it first (node scripts/pack-manifest.mjs restore)`);
  const text = readFileSync(manifest, "utf8");
  const json = JSON.parse(text);
  delete json.scripts.prepare;
  writeFileSync(original, text);
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
} else if (step === "restore") {
  if (existsSync(original)) renameSync(original, manifest);
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exitCode = 2;
}
