// The dev server's builder process. It is plain JavaScript so it can register
// the TypeScript loader (with docs-build's own tsconfig) before it imports
// the TypeScript build; the server starts a new one whenever code changes.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// React's production build renders pages, as in `docs-build build` (see bin/docs-build.js).
process.env.NODE_ENV ??= "production";
register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
await import("./builder-process.ts");
