// Change statistics read from a unified diff or an apply_patch envelope: per file, what happened, +/- lines, where.

/** What a patch did to one file. */
export interface FileChange {
  kind: "add" | "update" | "delete";
  /** The file's path after the change; undefined when a diff names no file (bare `@@` hunks). */
  path: string | undefined;
  /** The path before a rename. */
  movedFrom?: string;
  added: number;
  removed: number;
  /** Lines of the new file that changed (1-based, inclusive); unified diffs only, envelopes carry no line numbers. */
  ranges: { from: number; to: number }[];
  binary?: boolean;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The changes a patch text describes (envelope or unified diff), or undefined when it is neither. */
export function summarizePatch(text: string): FileChange[] | undefined {
  const changes = /^\s*\*\*\* Begin Patch/.test(text) ? summarizeEnvelope(text) : summarizeUnifiedDiff(text);
  return changes.length > 0 ? changes : undefined;
}

/** Reads an apply_patch envelope (`*** Add File:`, `*** Update File:`, `*** Move to:`, `*** Delete File:`). */
function summarizeEnvelope(text: string): FileChange[] {
  const changes: FileChange[] = [];
  let current: FileChange | undefined;
  for (const line of text.split(/\r?\n/)) {
    const operation = /^\*\*\* (Add|Update|Delete) File: (.*)$/.exec(line);
    if (operation) {
      const kind = operation[1] === "Add" ? "add" : operation[1] === "Update" ? "update" : "delete";
      current = { kind, path: operation[2]!.trim(), added: 0, removed: 0, ranges: [] };
      changes.push(current);
    } else if (line.startsWith("*** Move to: ") && current) {
      current.movedFrom = current.path;
      current.path = line.slice("*** Move to: ".length).trim();
    } else if (line === "*** End Patch") {
      break;
    } else if (current && line.startsWith("+")) {
      current.added += 1;
    } else if (current && line.startsWith("-")) {
      current.removed += 1;
    }
  }
  return changes;
}

/** Reads a unified diff (git's or plain `diff -u`'s); hunks are walked by their counts, so `--- ` inside one is a line. */
function summarizeUnifiedDiff(text: string): FileChange[] {
  const lines = text.split(/\r?\n/);
  const changes: FileChange[] = [];
  let current: FileChange | undefined;
  let headerSeen = false;
  const startFile = (): FileChange => {
    current = { kind: "update", path: undefined, added: 0, removed: 0, ranges: [] };
    headerSeen = false;
    changes.push(current);
    return current;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith("diff --git ")) {
      const file = startFile();
      const split = line.lastIndexOf(" b/");
      if (split !== -1) file.path = line.slice(split + 3);
    } else if (line.startsWith("--- ") && lines[index + 1]?.startsWith("+++ ")) {
      const file = current && !headerSeen ? current : startFile();
      applyFileHeaders(file, line.slice(4), lines[index + 1]!.slice(4));
      headerSeen = true;
      index += 1;
    } else if (line.startsWith("@@")) {
      const header = HUNK_HEADER.exec(line);
      if (header) index = readHunk(lines, index, header, current ?? startFile());
    } else if (current) {
      if (line.startsWith("new file mode")) current.kind = "add";
      else if (line.startsWith("deleted file mode")) current.kind = "delete";
      else if (line.startsWith("rename from ")) current.movedFrom = line.slice("rename from ".length);
      else if (line.startsWith("rename to ")) current.path = line.slice("rename to ".length);
      else if (line.startsWith("Binary files ")) current.binary = true;
    }
  }
  return changes.filter((change) => change.path !== undefined || change.added + change.removed > 0);
}

function applyFileHeaders(file: FileChange, oldHeader: string, newHeader: string): void {
  let oldPath = oldHeader.split("\t")[0]!.trim();
  let newPath = newHeader.split("\t")[0]!.trim();
  const gitStyle = (oldPath.startsWith("a/") || oldPath === "/dev/null") && (newPath.startsWith("b/") || newPath === "/dev/null");
  if (gitStyle) {
    oldPath = oldPath.replace(/^a\//, "");
    newPath = newPath.replace(/^b\//, "");
  }
  if (oldPath === "/dev/null") file.kind = "add";
  if (newPath === "/dev/null") file.kind = "delete";
  file.path ??= newPath === "/dev/null" ? oldPath : newPath;
}

/** Counts one hunk's lines into `file`; returns the index of its last line. */
function readHunk(lines: readonly string[], start: number, header: RegExpExecArray, file: FileChange): number {
  let oldLeft = Number(header[2] ?? 1);
  let newLeft = Number(header[4] ?? 1);
  let newLine = Number(header[3]);
  let index = start;
  while ((oldLeft > 0 || newLeft > 0) && index + 1 < lines.length) {
    const line = lines[index + 1]!;
    const mark = line[0];
    if (mark === "-") {
      markChanged(file, Math.max(1, newLine));
      file.removed += 1;
      oldLeft -= 1;
    } else if (mark === "+") {
      markChanged(file, newLine);
      file.added += 1;
      newLeft -= 1;
      newLine += 1;
    } else if (mark === " " || line === "") {
      oldLeft -= 1;
      newLeft -= 1;
      newLine += 1;
    } else if (mark !== "\\") {
      break;
    }
    index += 1;
  }
  return index;
}

function markChanged(file: FileChange, line: number): void {
  const last = file.ranges[file.ranges.length - 1];
  if (last && line >= last.from && line <= last.to + 1) last.to = Math.max(last.to, line);
  else file.ranges.push({ from: line, to: line });
}
