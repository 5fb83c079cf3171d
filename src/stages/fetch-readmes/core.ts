/**
 * The pure part of fetching third-party READMEs: turning a README into a page
 * body and building its front matter and file name. No I/O happens here.
 */
export { processReadme } from "./readme.ts";
export type { ProcessReadmeOptions, ReadmeRepo } from "./readme.ts";
export { frontMatterFor, pageFileName, pascalCase, renderFrontMatter } from "./front-matter.ts";
export type { FrontMatterOptions, FrontMatterRepo, ReadmeKind } from "./front-matter.ts";
