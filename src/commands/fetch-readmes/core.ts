/**
 * The pure part of fetching third-party READMEs: turning a README into a page
 * body and building its front matter and file name. No I/O happens here.
 */
export { processReadme } from "./readme.ts";
export { frontMatterFor, keptPage, pageFileName, renderFrontMatter } from "./front-matter.ts";
