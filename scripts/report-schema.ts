// Writes docs-build.report.schema.json, the JSON Schema of the document
// `--reporter json` prints, from the valibot schema in src/report/report-format.ts.
// Run it after changing that file: `node --import tsx scripts/report-schema.ts`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toJsonSchema } from "@valibot/to-json-schema";
import { REPORT_DEFINITIONS, reportSchema } from "../src/report/report-format.ts";

/** The committed schema file, at the package root (shipped with the package). */
export const REPORT_SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "docs-build.report.schema.json");

/** The JSON Schema of the report, as text. */
export function reportJsonSchema(): string {
  const { $schema, ...rest } = toJsonSchema(reportSchema, { errorMode: "ignore", definitions: REPORT_DEFINITIONS });
  return `${JSON.stringify({ $schema, title: "docs-build --reporter json", ...rest }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = reportJsonSchema();
  if (!fs.existsSync(REPORT_SCHEMA_FILE) || fs.readFileSync(REPORT_SCHEMA_FILE, "utf8") !== text) {
    fs.writeFileSync(REPORT_SCHEMA_FILE, text);
    console.log(`Wrote ${path.basename(REPORT_SCHEMA_FILE)}`);
  }
}
