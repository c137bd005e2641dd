import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { formatTool } from "../../src/tools/index.js";
import { summarizePatch } from "../../src/tools/patch-stats.js";

const budget = { maxLines: 2000, maxBytes: 51200 };

const GIT_DIFF = `diff --git a/src/app.ts b/src/app.ts
index 83db48f..bf269f4 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -8,7 +8,8 @@ export function main() {
   const a = 1;
-  const b = 2;
+  const b = 3;
+  const c = 4;
   return a;
 }
 
@@ -40,3 +41,2 @@
 keep
--- this removed line starts with dashes
 keep
diff --git a/new.txt b/new.txt
new file mode 100644
--- /dev/null
+++ b/new.txt
@@ -0,0 +1,2 @@
+hello
+world
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/img.png b/img.png
Binary files a/img.png and b/img.png differ
diff --git a/x.ts b/y.ts
similarity index 100%
rename from x.ts
rename to y.ts
`;

const ENVELOPE = `*** Begin Patch
*** Add File: hello.txt
+Hello world
*** Update File: src/app.py
*** Move to: src/main.py
@@ def greet():
-print("Hi")
+print("Hello, world!")
*** Delete File: obsolete.txt
*** End Patch`;

describe("summarizePatch", () => {
  test("a git diff: kinds, counts, changed lines, renames, binaries", () => {
    expect(summarizePatch(GIT_DIFF)).toEqual([
      { kind: "update", path: "src/app.ts", added: 2, removed: 2, ranges: [{ from: 9, to: 10 }, { from: 42, to: 42 }] },
      { kind: "add", path: "new.txt", added: 2, removed: 0, ranges: [{ from: 1, to: 2 }] },
      { kind: "delete", path: "old.txt", added: 0, removed: 1, ranges: [{ from: 1, to: 1 }] },
      { kind: "update", path: "img.png", added: 0, removed: 0, ranges: [], binary: true },
      { kind: "update", path: "y.ts", movedFrom: "x.ts", added: 0, removed: 0, ranges: [] },
    ]);
  });

  test("a plain diff -u with timestamps, and opencode's Index: header", () => {
    const diff = "Index: /w/a.txt\n===================================================================\n--- /w/a.txt\t2026-01-01\n+++ /w/a.txt\t2026-01-02\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n";
    expect(summarizePatch(diff)).toEqual([{ kind: "update", path: "/w/a.txt", added: 1, removed: 1, ranges: [{ from: 1, to: 1 }] }]);
  });

  test("bare hunks have no path", () => {
    expect(summarizePatch("@@ -3 +3 @@\n-x\n+y\n")).toEqual([{ kind: "update", path: undefined, added: 1, removed: 1, ranges: [{ from: 3, to: 3 }] }]);
  });

  test("an apply_patch envelope", () => {
    expect(summarizePatch(ENVELOPE)).toEqual([
      { kind: "add", path: "hello.txt", added: 1, removed: 0, ranges: [] },
      { kind: "update", path: "src/main.py", movedFrom: "src/app.py", added: 1, removed: 1, ranges: [] },
      { kind: "delete", path: "obsolete.txt", added: 0, removed: 0, ranges: [] },
    ]);
  });

  test("text that is no patch", () => {
    expect(summarizePatch("Edit applied successfully.")).toBeUndefined();
  });
});

describe("edit", () => {
  test("the model gets locations and statistics; the terminal gets the diff", () => {
    const result: ToolResult = { ok: true, tool: "edit", data: GIT_DIFF, meta: { replacements: 1 } };
    const summary = [
      "Edited file successfully: src/app.ts (+2 -2; lines 9-10, 42)",
      "Created file successfully: new.txt (+2 -0)",
      "Deleted file successfully: old.txt (+0 -1)",
      "Edited file successfully: img.png (binary)",
      "Edited file successfully: y.ts (+0 -0; moved from x.ts)",
      "Replacements: 1",
    ].join("\n");
    expect(formatTool(result, { budget })).toEqual({
      header: "",
      body: summary,
      footer: "",
      paged: false,
      terminalBody: `${summary}\n\n${GIT_DIFF.trimEnd()}`,
    });
  });

  test("apply_patch with its envelope in meta.patch and the tool's message in data", () => {
    const result: ToolResult = { ok: true, data: "Success. Updated the following files:\nA hello.txt", meta: { patch: ENVELOPE } };
    const text = formatTool(result, { tool: "apply_patch", budget });
    expect(text.body).toBe(
      "Created file successfully: hello.txt (+1 -0)\n" +
        "Edited file successfully: src/main.py (+1 -1; moved from src/app.py)\n" +
        "Deleted file successfully: obsolete.txt\n\n" +
        "Success. Updated the following files:\nA hello.txt",
    );
    expect(text.terminalBody).toBe(`${text.body}\n\n${ENVELOPE}`);
  });

  test("a diff in data.diff with the path in meta for bare hunks", () => {
    const result: ToolResult = { ok: true, data: { diff: "@@ -3 +3 @@\n-x\n+y\n" }, meta: { path: "/w/a.ts" } };
    expect(formatTool(result, { tool: "edit", budget }).body).toBe("Edited file successfully: /w/a.ts (+1 -1; line 3)");
  });

  test("many changed places are named up to ten", () => {
    const hunks = Array.from({ length: 12 }, (_, index) => `@@ -${index * 10 + 1} +${index * 10 + 1} @@\n-a\n+b\n`).join("");
    expect(formatTool({ ok: true, data: `--- a/f\n+++ b/f\n${hunks}` }, { tool: "edit", budget }).body).toBe(
      "Edited file successfully: f (+12 -12; lines 1, 11, 21, 31, 41, 51, 61, 71, 81, 91 and 2 more)",
    );
  });

  test.each<[string, ToolResult, string]>([
    ["path only", { ok: true, meta: { path: "/a.ts", replacements: 2 } }, "Edited file successfully: /a.ts\nReplacements: 2"],
    ["the tool's own message", { ok: true, data: "Edit applied.\nLSP errors detected", meta: { path: "/a.ts" } }, "Edit applied.\nLSP errors detected"],
    ["error", { ok: false, error: "oldString not found in content", meta: { path: "/a.ts" } }, "oldString not found in content"],
    ["nothing known", { ok: true, data: { ok: 1 } }, '{\n  "ok": 1\n}'],
  ])("%s", (_name, result, expected) => {
    const text = formatTool(result, { tool: "edit", budget });
    expect(text).toEqual({ header: "", body: expected, footer: "", paged: false, ...(result.ok ? {} : { failed: true }) });
  });
});
