// Bundles docs-build's command line, its dev-server builder and its page
// worker from the TypeScript sources into lib/, with their dependencies, so
// the installed command starts in about the time of bare Node and needs no
// TypeScript loader. Run by `npm install` (prepare), `npm pack` and the
// package scripts; `--quiet` prints nothing on success.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "lib");
const started = performance.now();

// The last bundle's files go (their names carry hashes); the declarations `npm run prepare` writes to lib/types stay.
for (const name of fs.existsSync(outdir) ? fs.readdirSync(outdir) : []) if (name.endsWith(".js")) fs.rmSync(path.join(outdir, name));
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    cli: "src/cli.ts",
    index: "src/index.ts",
    builder: "src/serve/builder-process.ts",
    "page-worker": "src/stages/index-content/page-worker-thread.ts",
    "code-hash": "src/cache/code-hash.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Chunks sit beside the entries: code finds the package root one folder up, as from src/.
  chunkNames: "[name]-[hash]",
  // esbuild runs its own native binary; it stays a dependency, loaded from node_modules.
  external: ["esbuild"],
  // jsonc-parser's "main" is a UMD build whose require calls esbuild cannot follow; its ES module build bundles cleanly.
  alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
  define: { "process.env.NODE_ENV": '"production"', __DOCS_BUILD_BUNDLED__: "true" },
  // Some bundled dependencies are CommonJS and call require.
  banner: { js: 'import { createRequire as __docsBuildRequire } from "node:module"; const require = __docsBuildRequire(import.meta.url);' },
  jsx: "automatic",
  legalComments: "eof",
  logLevel: "warning",
  metafile: true,
});
// The bundle records the hash of the sources it was made from, which cache keys and the search index's folder name start from.
const { writeCodeHash } = await import(pathToFileURL(path.join(outdir, "code-hash.js")).href);
await writeCodeHash(root);
if (!process.argv.includes("--quiet")) {
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  console.log(`Bundled lib/ (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`);
}
