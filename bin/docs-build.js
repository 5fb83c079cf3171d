#!/usr/bin/env node
// Entry point of the docs-build command. It runs the bundle in lib/ (built by
// scripts/bundle.mjs on install), which starts in about the time of bare
// Node. With DOCS_BUILD_FROM_SOURCE=1, or where no bundle was built, it runs
// the TypeScript sources through tsx instead, pointed at docs-build's own
// tsconfig.json: the working directory is the user's project, whose config
// (if any) says nothing about our templates.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

// Pages are rendered with React's production build unless told otherwise: the
// development build checks and warns on every element, and renders a third slower.
process.env.NODE_ENV ??= "production";
const bundle = new URL("../lib/cli.js", import.meta.url);
let main;
if (!process.env.DOCS_BUILD_FROM_SOURCE && fs.existsSync(fileURLToPath(bundle))) ({ main } = await import(bundle.href));
else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  ({ main } = await import("../src/cli.ts"));
}
process.exitCode = await main(process.argv);
