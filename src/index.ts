// docs-build's programming interface: the three commands as functions, with
// the options the command line passes them.
export { build, type BuildOptions, type BuildResult } from "./build.ts";
export { serve, type ServeHandle, type ServeOptions } from "./serve/index.ts";
export { fetchReadmes, type FetchReadmesOptions, type FetchReadmesResult } from "./commands/fetch-readmes/index.ts";
export type { Settings } from "./context/config.ts";
export type { Diagnostic } from "./report/diagnostics.ts";
