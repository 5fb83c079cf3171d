#!/usr/bin/env node
// Entry point of the docs-build command. The CLI is written in TypeScript and
// loaded through tsx, so there is no separate compile step to forget. tsx is
// pointed at docs-build's own tsconfig.json: the working directory is the
// user's project, whose config (if any) says nothing about our templates.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// Pages are rendered with React's production build unless told otherwise: the
// development build checks and warns on every element, and renders a third slower.
process.env.NODE_ENV ??= "production";
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv);
