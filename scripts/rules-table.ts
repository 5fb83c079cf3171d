// Writes the README's table of diagnostic rules from the catalogue in
// src/shared/diagnostic-rules.ts, between its `<!-- rules:start -->` and
// `<!-- rules:end -->` markers. Run after changing a rule:
//   node --import tsx scripts/rules-table.ts
// test/diagnostic-rules.test.ts fails while the two differ.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DIAGNOSTIC_RULES } from "../src/shared/diagnostic-rules.ts";

const readme = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "README.md");
const START = "<!-- rules:start -->";
const END = "<!-- rules:end -->";

const rows = Object.entries(DIAGNOSTIC_RULES).map(([id, rule]) => `| \`${id}\` | ${rule.severity} | ${rule.description} |`);
const table = ["| rule | severity | what it reports |", "|---|---|---|", ...rows].join("\n");

const text = fs.readFileSync(readme, "utf8");
const start = text.indexOf(START);
const end = text.indexOf(END);
if (start === -1 || end < start) throw new Error(`README.md has no ${START} … ${END} section to write the table into`);
fs.writeFileSync(readme, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
