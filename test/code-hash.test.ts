import fs from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";
import fg from "fast-glob";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODE_ENTRIES, reachedFiles } from "../src/cache/code-hash.ts";
import { TOOL_ROOT } from "../src/context/tool-root.ts";
import { tempSite } from "./helpers/temp-site.ts";

// Cache keys start from the hash of every module docs-build's entries reach (src/cache/code-hash.ts), so no list of
// source folders is kept by hand: a module a stage starts to import is covered the day it is imported.

test("every module with code of its own is reached from the code's entries; only type declarations are not", async () => {
  const reached = new Set(await reachedFiles(TOOL_ROOT, CODE_ENTRIES));
  const modules = await fg(["src/**/*.{ts,tsx}", "templates/**/*.{ts,tsx,css}", "site-client/**/*.{ts,tsx,css}"], { cwd: TOOL_ROOT });
  assert.ok(modules.length > 150, `found the modules (${modules.length})`);
  const unreached = modules.filter((file) => !reached.has(file));
  const withCode = unreached.filter((file) => {
    const source = fs.readFileSync(path.join(TOOL_ROOT, file), "utf8");
    return transformSync(source, { loader: file.endsWith("x") ? "tsx" : "ts", format: "esm" }).code.trim() !== "";
  });
  assert.equal(withCode, [], "modules with code that no entry reaches: their changes would not reach the cache keys");
  for (const file of ["src/stages/search-index/writer.ts", "src/markdown/processor.ts", "templates/components/Footer.tsx", "site-client/service-worker.ts"])
    assert.ok(reached.has(file), file);
});

test("reachedFiles follows static and dynamic imports and stylesheets, and leaves packages and unreached files out", async () => {
  const site = tempSite();
  try {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(site.path(file)), { recursive: true });
      fs.writeFileSync(site.path(file), text);
    };
    write("src/main.ts", 'import { b } from "./b.ts";\nimport "pkg";\nexport const later = () => import("./lazy/c.ts");\nexport const a = b;\n');
    write("src/b.ts", 'import "./b.css";\nexport const b = 1;\n');
    write("src/b.css", "p { color: red }\n");
    write("src/lazy/c.ts", "export const c = 3;\n");
    write("src/unused.ts", "export const d = 4;\n");
    assert.equal(await reachedFiles(site.dir, ["src/main.ts"]), ["src/b.css", "src/b.ts", "src/lazy/c.ts", "src/main.ts"]);
  } finally {
    site.remove();
  }
});

test.run();
