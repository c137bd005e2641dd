// Test helper: the option entries of man/correx.1, read from its source section by section.

/** A `.TP` entry whose tag names options, with its text as plain words. */
export interface ManOption {
  /** Every flag in the tag, e.g. ["-i", "--ignore-case"]. */
  flags: string[];
  /** The tag and paragraph without macros, quotes and font escapes. */
  text: string;
}

/** A heading (`.SH` or `.SS` title) and the source lines under it, up to the next heading of any level. */
export interface ManSection {
  level: "SH" | "SS";
  title: string;
  lines: string[];
}

/** Unescapes groff text: `\-` is a hyphen, font escapes and `\&` vanish, a macro line keeps its words. */
function toPlain(line: string): string {
  const words = line.replace(/^\.[A-Z]{1,2}\s?/, "").replace(/\\-/g, "-").replace(/\\f[BIRP]|\\&/g, "");
  return line.startsWith(".") ? words.replace(/"/g, "") : words;
}

/** The sections of the manual in order. */
export function readManSections(source: string): ManSection[] {
  const sections: ManSection[] = [];
  for (const line of source.split("\n")) {
    const heading = /^\.(SH|SS) (.*)$/.exec(line);
    if (heading) sections.push({ level: heading[1] as "SH" | "SS", title: heading[2]!.replace(/"/g, ""), lines: [] });
    else sections[sections.length - 1]?.lines.push(line);
  }
  return sections;
}

const FLAG = /(?<![\w-])--?\w[\w-]*/g;

/** The option entries of some sections: a `.TP` whose tag starts with a flag, up to the next paragraph macro. */
export function readManOptions(sections: ManSection[]): ManOption[] {
  const options: ManOption[] = [];
  for (const section of sections) {
    let entry: ManOption | undefined;
    section.lines.forEach((line, index) => {
      if (/^\.(TP|PP|RS|RE)\b/.test(line)) {
        const tag = line === ".TP" ? toPlain(section.lines[index + 1] ?? "") : "";
        entry = tag.startsWith("-") ? { flags: tag.match(FLAG) ?? [], text: "" } : undefined;
        if (entry) options.push(entry);
      } else if (entry) {
        entry.text = entry.text ? `${entry.text} ${toPlain(line)}` : toPlain(line);
      }
    });
  }
  return options;
}
