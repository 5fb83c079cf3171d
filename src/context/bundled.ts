declare const __DOCS_BUILD_BUNDLED__: boolean | undefined;

/**
 * True when docs-build runs from its bundle in `lib/` (built by
 * `scripts/bundle.mjs`, as an installed package does), false when it runs
 * its TypeScript sources through tsx (`DOCS_BUILD_FROM_SOURCE=1`, the tests).
 */
export const BUNDLED = typeof __DOCS_BUILD_BUNDLED__ !== "undefined" && __DOCS_BUILD_BUNDLED__;
