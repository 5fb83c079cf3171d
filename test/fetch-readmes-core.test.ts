import fs from "node:fs";
import path from "node:path";
import { suite, test } from "uvu";
import * as assert from "uvu/assert";
import { frontMatterFor, pageFileName, processReadme, renderFrontMatter } from "../src/commands/fetch-readmes/core.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";

const repo = { fullName: "webpack/demo-loader", branch: "main", htmlUrl: "https://github.com/webpack/demo-loader" };
const options = { siteOrigins: ["https://webpack.js.org"] };
const run = (markdown: string) => processReadme(markdown, repo, options);
const BLOB = "https://github.com/webpack/demo-loader/blob/main";
const RAW = "https://raw.githubusercontent.com/webpack/demo-loader/main";

test("drops an ATX level-1 heading and the blank line after it", () => {
  assert.is(run("# demo-loader\n\nText.\n"), "Text.\n");
});

test("drops a setext level-1 heading", () => {
  assert.is(run("Intro\n\nDemo Loader\n===========\n\nText.\n"), "Intro\n\nText.\n");
});

test("drops an <h1> HTML block", () => {
  assert.is(run('<h1 align="center">Demo</h1>\n\nText.\n'), "Text.\n");
});

test("drops only the first level-1 heading", () => {
  assert.is(run("# One\n\n## Sub\n\n# Two\n"), "## Sub\n\n# Two\n");
  assert.is(run("<h1>One</h1>\n\n# Two\n"), "# Two\n");
});

test("drops an <h1> inside a logo block, and a repeat of the title before the first section", () => {
  const input =
    '<div align="center">\n  <img src="https://x.test/logo.svg" />\n  <h1>Demo Loader</h1>\n</div>\n\nBadges\n\n# demo-loader\n\nText.\n\n## Usage\n\n# Demo Loader\n';
  assert.is(run(input), '<div align="center">\n  <img src="https://x.test/logo.svg" />\n</div>\n\nBadges\n\nText.\n\n## Usage\n\n# Demo Loader\n');
});

test("a level-1 heading matching the repository name counts as the title's repeat", () => {
  assert.is(run('<h1 align="center">Demo</h1>\n\n# Demo-Loader\n\n# Other\n'), "# Other\n");
});

test("keeps a blank line where a heading sat between two paragraphs", () => {
  assert.is(run("Before\n# Title\nAfter\n"), "Before\n\nAfter\n");
});

test("keeps level-2 headings and a `# ` line inside a fence", () => {
  assert.is(run("```sh\n# not a heading\n```\n\n## Options\n"), "```sh\n# not a heading\n```\n\n## Options\n");
});

test("rewrites relative links to blob URLs and images to raw URLs", () => {
  assert.is(run("[a](./docs/a.md) ![i](img.png)\n"), `[a](${BLOB}/docs/a.md) ![i](${RAW}/img.png)\n`);
});

test("resolves leading slashes, `./` and clamps `../` at the repository root", () => {
  assert.is(run("[a](/src/x.js) [b](../../LICENSE) [c](docs/../src/./y.js)\n"), `[a](${BLOB}/src/x.js) [b](${BLOB}/LICENSE) [c](${BLOB}/src/y.js)\n`);
});

test("keeps titles and angle brackets, and lowercases a relative link's fragment", () => {
  assert.is(run('[a](<./my doc.md> "T") [b](./x.md#Usage "Title")\n'), `[a](<${BLOB}/my doc.md> "T") [b](${BLOB}/x.md#usage "Title")\n`);
});

test("rewrites an image inside a link and the link itself", () => {
  assert.is(run("[![logo](logo.svg)](./README.md)\n"), `[![logo](${RAW}/logo.svg)](${BLOB}/README.md)\n`);
});

test("rewrites reference definitions: raw for images only, blob otherwise", () => {
  const input = '![b][badge] [c][guide]\n\n[badge]: ./badge.svg\n[guide]: ./CONTRIBUTING.md "Guide"\n[abs]: https://example.com/x\n';
  assert.is(run(input), `![b][badge] [c][guide]\n\n[badge]: ${RAW}/badge.svg\n[guide]: ${BLOB}/CONTRIBUTING.md "Guide"\n[abs]: https://example.com/x\n`);
});

test("rewrites HTML <img src> and <a href>", () => {
  assert.is(
    run("<p>\n<a href=\"./docs/a.md\"><img src='logo.png' /></a>\n</p>\n"),
    `<p>\n<a href="${BLOB}/docs/a.md"><img src='${RAW}/logo.png' /></a>\n</p>\n`,
  );
  assert.is(run('Text <a href="docs/b.md">b</a>.\n'), `Text <a href="${BLOB}/docs/b.md">b</a>.\n`);
});

test("closes unclosed <img> tags, also across lines, and leaves closed ones", () => {
  assert.is(
    run('<div>\n  <img width="2"\n    src="https://x.test/a.svg">\n  <img src="https://x.test/b.svg" />\n</div>\n'),
    '<div>\n  <img width="2"\n    src="https://x.test/a.svg" />\n  <img src="https://x.test/b.svg" />\n</div>\n',
  );
});

test("makes docs-site links root-relative: https, http, www, bare origin", () => {
  const input = "[a](https://webpack.js.org/configuration/output/#outputFilename) [b](http://www.webpack.js.org/guides/) [c](https://webpack.js.org)\n";
  assert.is(run(input), "[a](/configuration/output/#outputfilename) [b](/guides/) [c](/)\n");
  assert.is(run('<a href="https://webpack.js.org/">w</a>\n'), '<a href="/">w</a>\n');
});

test("leaves other hosts that only start like the site alone", () => {
  assert.is(run("[a](https://webpack.js.org.evil.test/x)\n"), "[a](https://webpack.js.org.evil.test/x)\n");
});

test("does not rewrite images on the docs site", () => {
  assert.is(run("![w](https://webpack.js.org/assets/icon.svg)\n"), "![w](https://webpack.js.org/assets/icon.svg)\n");
});

test("lowercases fragments on fragment-only, absolute and site links", () => {
  assert.is(run("[a](#Options) [b](https://example.com/p#Some-Anchor)\n"), "[a](#options) [b](https://example.com/p#some-anchor)\n");
});

test("leaves autolinks, mailto and protocol-relative URLs as written", () => {
  const input = "<https://webpack.js.org/A#B> https://webpack.js.org/x [m](mailto:a@b.test) [p](//cdn.test/x)\n";
  assert.is(run(input), input);
});

test("drops HTML comments: whole lines, inline, and inside HTML blocks", () => {
  assert.is(run("Para.\n\n<!-- eslint-disable -->\n\n```js\nx;\n```\n"), "Para.\n\n```js\nx;\n```\n");
  assert.is(run("Text <!-- note --> more.\n"), "Text  more.\n");
  assert.is(run("<div>\n<!-- c -->\n<b>x</b>\n</div>\n"), "<div>\n\n<b>x</b>\n</div>\n");
  assert.is(run("<!--\nmulti\nline\n-->\nText.\n"), "Text.\n");
});

test("leaves everything inside fenced code untouched", () => {
  const input = '```html\n<!-- keep -->\n<img src="image.png">\n[a](./a.md) [b](#Up)\n```\n\n~~~md\n<!-- keep too --> ![i](i.png)\n~~~\n';
  assert.is(run(input), input);
});

test("leaves indented code and inline code untouched", () => {
  const input = "Use the `<!-- webpackIgnore: true -->` comment and `[a](./a.md)`.\n\n    <!-- kept -->\n    [b](./b.md)\n";
  assert.is(run(input), input);
});

test("returns a README without anything to change as it is", () => {
  const input = "Some text with [a link](https://example.com/).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
  assert.is(run(input), input);
});

test("frontMatterFor: loaders are titled by name and CSS loaders grouped", () => {
  const css = frontMatterFor("loaders", {
    name: "sass-loader",
    fullName: "webpack/sass-loader",
    branch: "main",
    htmlUrl: "https://github.com/webpack/sass-loader",
  });
  assert.equal(css, {
    title: "sass-loader",
    group: "CSS",
    source: "https://raw.githubusercontent.com/webpack/sass-loader/main/README.md",
    edit: "https://github.com/webpack/sass-loader/edit/main/README.md",
    repo: "https://github.com/webpack/sass-loader",
    thirdParty: true,
  });
  for (const name of ["css-loader", "less-loader", "postcss-loader", "style-loader", "stylus-loader"])
    assert.is(frontMatterFor("loaders", { ...repo, name }).group, "CSS", name);
  const other = frontMatterFor("loaders", { name: "babel-loader", fullName: "babel/babel-loader", branch: "main", htmlUrl: "x" });
  assert.is(other.title, "babel-loader");
  assert.not.ok("group" in other);
});

test("frontMatterFor: plugins are PascalCase, webpack contrib by default, the entry's group and contributors when given", () => {
  const plugin = (name: string) => ({ name, fullName: `webpack/${name}`, branch: "main", htmlUrl: `https://github.com/webpack/${name}` });
  assert.is(frontMatterFor("plugins", plugin("mini-css-extract-plugin")).title, "MiniCssExtractPlugin");
  assert.is(frontMatterFor("plugins", plugin("terser-webpack-plugin")).title, "TerserWebpackPlugin");
  assert.is(frontMatterFor("plugins", plugin("html-webpack-plugin")).title, "HtmlWebpackPlugin");
  assert.is(frontMatterFor("plugins", plugin("copy-webpack-plugin")).group, "webpack contrib");
  assert.not.ok("contributors" in frontMatterFor("plugins", plugin("copy-webpack-plugin")));
  const html = frontMatterFor("plugins", plugin("html-webpack-plugin"), { group: "Community", contributors: ["jantimon"] });
  assert.is(html.group, "Community");
  assert.equal(html.contributors, ["jantimon"]);
  assert.is(frontMatterFor("loaders", plugin("sass-loader"), { group: "Styles" }).group, "Styles");
});

test("renderFrontMatter writes YAML between --- lines", () => {
  assert.is(renderFrontMatter({ title: "A: b", thirdParty: true }), '---\ntitle: "A: b"\nthirdParty: true\n---\n');
});

test("pageFileName prefixes the repository name with an underscore", () => {
  assert.is(pageFileName("loaders", "css-loader"), "loaders/_css-loader.md");
  assert.is(pageFileName("plugins", "terser-webpack-plugin"), "plugins/_terser-webpack-plugin.md");
});

test.run();

/** Text outside fenced code blocks and inline code spans, for checks on the corpus output. */
function outsideCode(markdown: string): string {
  let fence: string | undefined;
  const kept: string[] = [];
  for (const line of markdown.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    } else if (marker) fence = marker;
    else kept.push(line.replace(/(`+)[\s\S]*?\1/g, ""));
  }
  return kept.join("\n");
}

/** The fenced code blocks of a markdown text, in order, exactly as written. */
function fences(text: string): string[] {
  return [...text.matchAll(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm)].map((m) => m[0]);
}

// The real READMEs are read from ../shared only: their text is never copied into this
// repository, so the corpus cases check properties of the output, not a stored copy.
const CORPUS = path.resolve(FIXTURES, "../../shared/corpus/readmes");
if (!fs.existsSync(CORPUS)) {
  console.log(`fetch-readmes corpus: skipped, ${CORPUS} is absent`);
} else {
  const corpus = suite("fetch-readmes corpus");
  const repos = fs
    .readdirSync(CORPUS)
    .flatMap((owner) => fs.readdirSync(path.join(CORPUS, owner)).map((name) => path.join(CORPUS, owner, name)))
    .sort();
  for (const dir of repos) {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, "repo.json"), "utf8")) as { full_name: string; default_branch: string; html_url: string };
    const name = path.basename(dir);
    corpus(name, () => {
      const readmeRepo = { name, fullName: meta.full_name, branch: meta.default_branch, htmlUrl: meta.html_url };
      const input = fs.readFileSync(path.join(dir, "README.md"), "utf8");
      const body = processReadme(input, readmeRepo, options);
      const kind = name.endsWith("-loader") ? "loaders" : "plugins";
      const page = renderFrontMatter(frontMatterFor(kind, readmeRepo)) + body;
      assert.ok(page.startsWith("---\ntitle: "), "starts with front matter");
      const prose = outsideCode(body);
      assert.not.ok(prose.includes("<!--"), "no HTML comment outside code");
      for (const relative of ["](./", "](../", 'src="./', 'href="./']) assert.not.ok(prose.includes(relative), `no relative ${relative} outside code`);
      assert.not.match(prose, /\]\(https?:\/\/(www\.)?webpack\.js\.org\//, "links to the docs site are root-relative");
      const intro = prose.split(/^## /m)[0];
      assert.not.match(intro, /^# |<h1\b/im, "no title heading is left before the first section");
      const h1 = (text: string) =>
        outsideCode(text)
          .split(/^## /m)
          .slice(1)
          .join("")
          .split("\n")
          .filter((line) => /^# /.test(line)).length;
      assert.is(h1(body), h1(input), "level-1 headings inside sections are kept");
      assert.equal(fences(body), fences(input), "fenced code is kept exactly");
    });
  }
  corpus.run();
}
