/**
 * Set to "1" in the builder process's environment, it prints a failed build's
 * internal error with its stack traces (the server's `--debug`). A module of
 * its own: the server must not import the builder's entry, which starts
 * listening for requests when loaded.
 */
export const BUILDER_DEBUG_ENV = "DOCS_BUILD_DEBUG";
