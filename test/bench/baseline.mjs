// The bare baseline the full build is benchmarked against (see build-bench.ts).
// It does the least a markdown-to-HTML site can do: find every page, run one
// unified processor over it and write one HTML file per page. No index, no
// link check, no React, no client bundle, no service worker, no cache.
//
//   node test/bench/baseline.mjs <contentDir> <outDir>
//
// Output: <outDir>/<relative path without extension>/index.html per page.
//
// It is plain JavaScript and runs under plain `node`: a TypeScript loader
// (tsx's hooks resolve and transform every module it imports) makes it about
// 0.4 s slower on the 143-page corpus, which flatters the build it is compared
// with. Started with a loader it refuses to run (exit 2).
import fs from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import rehypeStringify from "rehype-stringify";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/** Node options that load code before the baseline's: module hooks such as tsx's. */
const LOADER = /(?:^|\s)(?:--import|--loader|--experimental-loader|--require|-r)(?:[=\s]|$)|tsx|ts-node/;
const loader = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].find((arg) => LOADER.test(arg));
if (loader) {
  process.stderr.write(`baseline: started with a module loader (${loader}); run it with plain node, as \`node test/bench/baseline.mjs\`.\n`);
  process.exit(2);
}
const [contentArg, outArg] = process.argv.slice(2);
if (!contentArg || !outArg) {
  process.stderr.write("usage: node test/bench/baseline.mjs <contentDir> <outDir>\n");
  process.exit(2);
}
const contentDir = path.resolve(contentArg);
const outDir = path.resolve(outArg);

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

const relatives = await fg("**/*.{md,mdx}", { cwd: contentDir, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] });
relatives.sort();
for (const relative of relatives) {
  const source = await fs.readFile(path.join(contentDir, relative), "utf8");
  const html = String(await processor.process(source));
  const target = path.join(outDir, relative.replace(/\.mdx?$/, ""), "index.html");
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, html);
}
process.stdout.write(`${relatives.length} pages\n`);
