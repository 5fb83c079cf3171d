import type { VFile } from "vfile";
import type { PageDiagnostic } from "./shared/content-types.ts";

/**
 * The one shape every problem is reported in, whether it comes from markdown,
 * YAML, esbuild or the code host (defined in src/shared, since pages carry it
 * across worker threads).
 */
export type Diagnostic = PageDiagnostic;

/** Builds a diagnostic, filling in defaults (line 1, column 1, an error). */
export function diagnostic(fields: Partial<Diagnostic> & Pick<Diagnostic, "file" | "message" | "ruleId">): Diagnostic {
  return { line: 1, column: 1, source: "docs-build", fatal: true, hint: "", ...fields };
}

/** Formats `file:line:column  error  message (ruleId)` plus an indented hint. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.column}  ${d.fatal ? "error" : "warning"}  ${d.message} (${d.ruleId})`;
  return d.hint ? `${head}\n    ${d.hint.split("\n").join("\n    ")}` : head;
}

/** Shows `source` lines around `line` with a marker, for content errors. */
export function codeFrame(source: string, line: number, column = 1): string {
  const lines = source.split(/\r?\n/);
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const gutter = String(n).padStart(width);
    out.push(`${n === line ? ">" : " "} ${gutter} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return out.join("\n");
}

/** Turns the vfile messages that unified plugins raised into diagnostics. */
export function fromVFile(file: VFile, displayPath: string): Diagnostic[] {
  return file.messages.map((m) =>
    diagnostic({
      file: displayPath,
      line: m.line ?? 1,
      column: m.column ?? 1,
      message: m.reason,
      ruleId: m.ruleId ?? "markdown",
      source: m.source ?? "docs-build",
      fatal: m.fatal === true,
      hint: typeof m.note === "string" ? m.note : "",
    }),
  );
}

/** Sorts diagnostics by file, then position, so output is stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
