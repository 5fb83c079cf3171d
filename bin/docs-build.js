#!/usr/bin/env node
// Entry point of the docs-build command. The CLI is written in TypeScript and
// loaded through tsx, so there is no separate compile step to forget.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv);
