// The shapes the bounder takes and gives: budgets, options and the bounded text in its parts.

/** What the written projection may cost (SPEC §4). Every limit holds for what is written, marker included. */
export interface Budget {
  maxLines: number;
  maxBytes: number;
  /** Estimated tokens (an upper bound of o200k and cl100k, see token-estimate.ts); undefined = no token limit. */
  maxTokens?: number;
}

/** Which part of an output a cut keeps. */
export type KeepMode = "head" | "tail" | "both";

/** The marker dialect: correx's own, or opencode's `ToolOutputStore.bound` reproduced exactly. */
export type MarkerStyle = "correx" | "opencode";

/** Per-line hygiene switches (SPEC §2); all on by default, `--raw` turns all off. */
export interface HygieneOptions {
  stripAnsi: boolean;
  /** Resolve carriage-return redraws and backspace overstrikes. */
  collapse: boolean;
  /** Fold runs of identical lines into one line and a count. */
  foldRepeats: boolean;
  /** Summarize binary input instead of showing it. */
  detectBinary: boolean;
  /** The bytes as they came (`--raw`): no byte order mark dropped, no UTF-16 transcoded (invalid UTF-8 still shows U+FFFD). */
  keepEncoding?: boolean;
}

/**
 * Options as a caller gives them (the library's bound(), project(), resolveBoundOptions): every field optional, the
 * budget's and the hygiene's fields too, each absent one taking its default as it does at run time. A strict
 * TypeScript harness had to spell out maxLines and maxBytes to give only a token budget.
 */
export type BoundOptionsInput = Omit<Partial<BoundOptions>, "budget" | "hygiene"> & { budget?: Partial<Budget>; hygiene?: Partial<HygieneOptions> };

/** Options of one bounding. */
export interface BoundOptions {
  budget: Budget;
  keep: KeepMode;
  /** Share of the budget for the head when keep is "both" (default 0.2). */
  headRatio: number;
  style: MarkerStyle;
  hygiene: HygieneOptions;
  /**
   * How a refusal (a budget too small for even the marker) that kept a command's output says to read it: `correx
   * read ID` unless given; the MCP run tool's model has no CLI, but `read_output`.
   */
  readSaved?: (id: string) => string;
  /** Keep salient lines of the omitted middle (errors, failures, their locations) between head and tail (SPEC §4). */
  salience?: boolean;
  /**
   * With salience and repeat folding on, a cut also folds runs of near-duplicate lines in the shown head and tail
   * into their first lines and a note (SPEC §4); false turns only that off. Default true.
   */
  foldSimilar?: boolean;
  /** Measures a piece of text as it will be written (UTF-8 bytes, or JSON-escaped bytes for JSON output). */
  measure?: (text: string) => number;
  /** Bytes already spent around the body (tool header/footer, JSON envelope) that the budget must also cover. */
  reservedBytes?: number;
  reservedLines?: number;
  reservedTokens?: number;
  /**
   * The part of the reservations above (already in reservedBytes, reservedLines, reservedTokens) that is for something
   * the caller writes beside what `render` returns (the proxy's note that structuredContent was cut:
   * mcp/structured-note.ts). The written-output check adds it to the rendered output, which does not hold it.
   */
  reservedBeside?: { bytes: number; lines: number; tokens: number };
  /** Counts tokens for `budget.maxTokens`; the estimate when absent. */
  countTokens?: (text: string) => number;
  /**
   * For a structured input whose text is the value pretty-printed: its JSON view (json-view.ts), the most faithful
   * one `fits` accepts (undefined when none does), shown instead of a line cut. `maxChars` lets a render stop early.
   */
  view?: (fits: (view: string) => boolean, maxChars: number) => string | undefined;
  /**
   * The largest text input that, being one JSON value (first non-blank byte `{` or `[`) that does not fit, is shown
   * as its JSON view instead of a line cut (plain-json.ts; with salience only; at most PLAIN_JSON_CAP; 0: never).
   */
  plainJsonCap?: number;
  /** Save the input even when the text fits: a part of the result beside the text (structured content) was cut. */
  keepInput?: boolean;
  /**
   * The output as it will be written for a bounded text (frame, JSON envelope, terminal status line;
   * attachment payloads left out). When given, the budget is checked on it, not on the text plus reservations.
   */
  render?: (bound: BoundText) => string;
  /** For JSON output, which is one line: lines are counted on the body (the text the model reads), not on `render`. */
  linesOnBody?: boolean;
  /**
   * With `linesOnBody`: the lines the written output adds beside the body for a bounded text, counted with it (the
   * MCP lowering's note for each embedded resource none of whose lines is shown: lower/mcp-cut.ts).
   */
  linesBeside?: (bound: BoundText) => number;
  /**
   * Bytes of `reservedBytes` that the input's totals show are not needed (a JSON envelope reserves its meta's counts
   * at 16 digits before the totals are known; once they are, at their width): taken off when the input ends.
   */
  reserveLess?: (totals: { bytes: number; lines: number }, maxBytes: number) => number;
}

/** Where the full output went, as the marker reports it. */
export type SpillReport =
  | {
      kind: "saved";
      id: string;
      path: string;
      notSavedBytes?: number;
      /** The derived text of a structured input (or the UTF-8 of a UTF-16 one), paged instead of `path`. */
      textPath?: string;
      /** With `textPath` and `notSavedBytes`: the input's bytes saved at `path` (the marker's totals count the text). */
      savedBytes?: number;
      /** With `textPath`: the bytes of the text the per-output cap kept out of the view. */
      textNotSavedBytes?: number;
      /** Extra arguments `correx read` needs to find the store (`--spill-dir DIR` when it is not the default). */
      readArguments?: string;
      /** The page `correx read` is held to (`--max-bytes B`…, marker.ts withReadPage): what the projection's budget holds. */
      pageArguments?: string;
      /** The bytes of that page (its `--max-bytes`), when below read's default. */
      pageBytes?: number;
    }
  | { kind: "failed"; reason: string; /** The id the output would have had: `correx read ID` says why it is missing. */ id?: string }
  | { kind: "disabled" };

/** The bounded text in parts, so that each projection can style them (the terminal dims the marker). */
export interface BoundText {
  /** Text kept from the start; the whole text when nothing was cut. */
  head: string;
  /** The omission marker; absent when nothing was cut. */
  marker?: string;
  /** Text kept from the end (empty when keep is "head" or nothing was cut). */
  tail: string;
  /** head + marker + tail exactly as written for the model. */
  text: string;
  truncated: boolean;
  /** "json" when the text is the structure-aware view of a JSON value (json-view.ts), not a line cut. */
  view?: "json";
  /** True when the input was binary and the text is its one-line summary. */
  binary?: { size: number; type: string };
  totalBytes: number;
  totalLines: number;
  omittedBytes: number;
  omittedLines: number;
  /** Ranges of input lines (1-based) that the text shows. */
  shown: { from_line: number; to_line: number; partial?: boolean }[];
  /** Ranges of middle lines kept for their salience (also listed in `shown`), when any were. */
  middle?: { from_line: number; to_line: number }[];
  /** First line not shown (for `correx read ID --offset N`), when something was cut. */
  nextOffset?: number;
  /** Where the full output went; absent when nothing was cut. */
  spill?: SpillReport;
  /**
   * Where each line of `text` comes from (its final newline ends the last line, it adds none): the input line
   * (1-based) it shows, or 0 for a line correx wrote (the marker, a gap, a note). Absent when not known (a JSON
   * view, opencode's cut, a binary summary): the MCP lowering then cannot put a cut text back into its blocks.
   */
  lineSources?: number[];
}
