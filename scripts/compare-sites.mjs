#!/usr/bin/env node
// Compares two built sites file by file, with the names that carry content hashes masked:
// esbuild's `[hash]` in asset names, the search index's folder, the sidebar files' hashes
// and the service worker's revisions. It prints each file only one side has and each file
// whose masked bytes differ, and exits 1 when there is any. A refactoring that must not
// change the output is checked by building the same content before and after it:
//
//   node scripts/compare-sites.mjs before/dist after/dist
//   node scripts/compare-sites.mjs --ignore '^assets/.*\.js$' before/dist after/dist
//
// The service worker is compared with its minified names masked too: esbuild names them by
// how often characters occur in the file, hashes included, so new hashes rename them.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const at = args.indexOf("--ignore");
// --ignore <pattern>: leaves out the files whose masked path matches, such as the client bundle after a change to the client.
const ignored = at === -1 ? undefined : new RegExp(args.splice(at, 2)[1]);
const [before, after] = args;
if (!before || !after) {
  console.error("usage: node scripts/compare-sites.mjs [--ignore <pattern>] <site> <other site>");
  process.exit(2);
}

/** A path or text with its content hashes masked. */
const masked = (text) =>
  text
    .replace(/-[A-Z0-9]{8}\.(js|css)\b/g, "-HASH.$1")
    .replace(/search\/[0-9a-f]{8,}\//g, "search/HASH/")
    .replace(/-[0-9a-f]{10}\.json\b/g, "-HASH.json")
    .replace(/("?revision"?:)"[^"]*"/g, '$1"HASH"');

/** The service worker masked, its short names too, and its precache entries in order, since their order follows the hashes. */
const maskedWorker = (text) => {
  const names = masked(text).replace(/(?<![\w$])[A-Za-z_$][\w$]?(?![\w$])/g, "N");
  return names.replace(
    /\[(\{"url":[^\]]*)\]/g,
    (_, list) =>
      `[${list
        .split(/,(?=\{"url")/)
        .sort()
        .join(",")}]`,
  );
};

/** Every file under a folder, by its masked path: several files when their names differ only in hashes (the chunks). */
function files(root) {
  const found = new Map();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = masked(path.relative(root, full).split(path.sep).join("/"));
    if (ignored?.test(name)) continue;
    found.set(name, [...(found.get(name) ?? []), full]);
  }
  return found;
}

/** The masked texts of files that share a masked name, in order. */
const texts = (name, list) => list.map((file) => (name === "sw.js" ? maskedWorker : masked)(fs.readFileSync(file, "latin1"))).sort();

const left = files(before);
const right = files(after);
const problems = [];
for (const name of new Set([...left.keys(), ...right.keys()])) {
  if (!left.has(name) || !right.has(name)) {
    problems.push(`only in ${left.has(name) ? before : after}: ${name}`);
    continue;
  }
  const [a, b] = [texts(name, left.get(name)), texts(name, right.get(name))];
  if (a.length !== b.length || a.some((text, i) => text !== b[i])) problems.push(`differs: ${name}${a.length > 1 ? ` (one of ${a.length})` : ""}`);
}
const count = (found) => [...found.values()].reduce((n, list) => n + list.length, 0);
for (const problem of problems.sort()) console.log(problem);
console.log(`${count(left)} and ${count(right)} files compared; ${problems.length} ${problems.length === 1 ? "difference" : "differences"}`);
process.exit(problems.length > 0 ? 1 : 0);
