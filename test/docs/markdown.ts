// Test helper: the fenced code blocks of a Markdown file, and the command/output steps of `console` blocks.

/** A fenced block: its info string (```ts examples/library.ts → "ts examples/library.ts") and its text. */
export interface FencedBlock {
  info: string;
  body: string;
}

/** Every ``` fenced block, in order. */
export function readFencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const end = lines.indexOf("```", index + 1);
    if (end === -1) throw new Error(`unclosed code block at line ${index + 1}`);
    blocks.push({ info: open[1]!.trim(), body: lines.slice(index + 1, end).join("\n") });
    index = end;
  }
  return blocks;
}

/** One `$ command` of a console block and the output pasted under it. */
export interface ConsoleStep {
  command: string;
  output: string;
}

/** Splits a console block into steps; the blank line before the next `$ ` separates, it is not output. */
export function readConsoleSteps(body: string): ConsoleStep[] {
  const steps: ConsoleStep[] = [];
  for (const line of body.split("\n")) {
    if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: "" });
    else if (steps.length === 0) throw new Error(`console block output before any "$ " command: ${line}`);
    else steps[steps.length - 1]!.output += `${line}\n`;
  }
  return steps.map((step, index) => (index < steps.length - 1 ? { ...step, output: step.output.replace(/\n\n$/, "\n") } : step));
}
