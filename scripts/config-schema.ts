// Writes docs-build.config.schema.json, the JSON Schema of docs-build.config.json,
// from the valibot schema the build validates the config with, so editors
// complete and check the file the same way the build does. Run it after
// changing src/context/config.ts: `node --import tsx scripts/config-schema.ts`
// (`--check` only says whether the committed file is current).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toJsonSchema } from "@valibot/to-json-schema";
import { configSchema } from "../src/context/config.ts";

/** The committed schema file, at the package root (shipped with the package). */
export const CONFIG_SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "docs-build.config.schema.json");

/**
 * The JSON Schema of the config, as text. It describes the keys, their types,
 * formats and defaults; the checks across keys (the default version is one of
 * the versions, DocSearch needs its three keys) stay with the build.
 */
export function configJsonSchema(): string {
  // "output" describes the schema each key's pipeline ends with, which is what
  // a config file holds; checks and transforms JSON Schema cannot say are left out.
  const schema = toJsonSchema(configSchema, { typeMode: "output", errorMode: "ignore" });
  const { $schema, ...rest } = schema;
  return `${JSON.stringify({ $schema, title: "docs-build.config.json", ...rest }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = configJsonSchema();
  const current = fs.existsSync(CONFIG_SCHEMA_FILE) && fs.readFileSync(CONFIG_SCHEMA_FILE, "utf8") === text;
  if (process.argv.includes("--check")) {
    if (!current) {
      console.error(`${path.basename(CONFIG_SCHEMA_FILE)} is out of date: run node --import tsx scripts/config-schema.ts`);
      process.exitCode = 1;
    }
  } else if (!current) {
    fs.writeFileSync(CONFIG_SCHEMA_FILE, text);
    console.log(`Wrote ${path.basename(CONFIG_SCHEMA_FILE)}`);
  }
}
