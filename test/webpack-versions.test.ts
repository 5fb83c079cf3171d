import fs from "node:fs";
import path from "node:path";
import type { Paragraph } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { visit } from "unist-util-visit";
import { ROOT, contentPage, contentPages, nodeTexts, type ContentPage } from "./helpers/content-pages.ts";
import { installedVersion, type WebpackPackage } from "./helpers/webpack-packages.ts";

/**
 * The versions the documentation names stay honest against the installed
 * packages, which are the versions package.json pins exactly:
 *
 * - a build transcript (`webpack 5.112.2 compiled successfully in 512 ms`,
 *   in a code block or in the text) never names a webpack newer than the
 *   installed one;
 * - a version badge (`<Badge text="5.95.0+" />`) never names a version newer
 *   than the installed package it is about. A badge that names its package
 *   (`webpack-cli 7.1.0+`, `webpack-dev-server 5.1.0+`, `webpack 5.95.0+`)
 *   is about that package wherever it stands. A bare version is about
 *   webpack, except on the dev-server pages (configuration/dev-server.md and
 *   api/webpack-dev-server.md), where it is about webpack-dev-server, whose
 *   features those pages badge; a webpack version there names its package.
 *   Badges whose text is no version (`experimental`) are not checked;
 * - a "checked against" statement (`checked against webpack 5.112 and
 *   webpack-cli 7.3`) names exactly the installed major.minor (and patch,
 *   when it gives one) of every package it names. The configuration
 *   reference's index page must have one; the dev-server page's, when it
 *   has one, must name webpack-dev-server.
 */

const PACKAGES: WebpackPackage[] = ["webpack", "webpack-cli", "webpack-dev-server"];
type PackageName = WebpackPackage;

const INSTALLED = Object.fromEntries(PACKAGES.map((name) => [name, installedVersion(name)])) as Record<PackageName, string>;

/** Pages where a bare badge version is about webpack-dev-server. */
const DEV_SERVER_PAGES = new Set(["content/configuration/dev-server.md", "content/api/webpack-dev-server.md"]);

/** `5.112.2` → [5, 112, 2]; missing parts are 0. */
function parts(version: string): number[] {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  return [major, minor, patch];
}

/** Whether `a` is newer than `b`. */
function newer(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

const where = (page: ContentPage, line: number) => `${page.file}:${line}`;

/** `webpack 5.112.2 compiled successfully`, `(webpack 5.112.2) compiled with 1 warning`. */
const TRANSCRIPT = /\bwebpack (\d+\.\d+\.\d+)\)? compiled\b/g;

/** The webpack versions of every build transcript: in code, inline code and text. */
function transcripts(): { at: string; version: string }[] {
  return contentPages().flatMap((page) =>
    nodeTexts(page, ["code", "inlineCode", "text"]).flatMap(({ value, line }) =>
      [...value.matchAll(TRANSCRIPT)].map((m) => ({ at: where(page, line), version: m[1] })),
    ),
  );
}

/** A badge's text as a package and version (`webpack-cli 7.1.0+`, `v5.1.0+`, `5.95.0+`); undefined when it is no version. */
function badgeVersion(text: string, page: string): { name: PackageName; version: string } | undefined {
  const match = /^(?:(webpack-dev-server|webpack-cli|webpack)\s+)?v?(\d+\.\d+(?:\.\d+)?)\+?$/.exec(text.trim());
  if (!match) return undefined;
  const name = (match[1] as PackageName | undefined) ?? (DEV_SERVER_PAGES.has(page) ? "webpack-dev-server" : "webpack");
  return { name, version: match[2] };
}

/** Every `<Badge text="…">` in a page's raw HTML (headings, paragraphs, table cells; not code). */
function badges(): { at: string; page: string; text: string }[] {
  return contentPages().flatMap((page) =>
    nodeTexts(page, ["html"]).flatMap(({ value, line }) =>
      [...value.matchAll(/<Badge\b[^>]*?\btext=(?:"([^"]*)"|'([^']*)')/g)].map((m) => ({ at: where(page, line), page: page.file, text: m[1] ?? m[2] })),
    ),
  );
}

/** A "checked against …" statement: the packages and versions it names. */
interface Statement {
  at: string;
  page: string;
  sentence: string;
  names: { name: PackageName; version: string }[];
}

/** Every "checked against" statement that names a package, read from paragraphs' text to the end of its sentence. */
function statements(pages: ContentPage[] = contentPages()): Statement[] {
  const found: Statement[] = [];
  for (const page of pages)
    visit(page.tree, "paragraph", (paragraph: Paragraph) => {
      const text = mdastText(paragraph, { includeHtml: false });
      for (const m of text.matchAll(/checked against (.*?)(?:\.(?:\s|$)|$)/g)) {
        const names = [...m[1].matchAll(/\b(webpack-dev-server|webpack-cli|webpack) v?(\d+\.\d+(?:\.\d+)?)\b/g)].map((n) => ({
          name: n[1] as PackageName,
          version: n[2],
        }));
        if (names.length > 0) found.push({ at: where(page, paragraph.position?.start.line ?? 1), page: page.file, sentence: m[0], names });
      }
    });
  return found;
}

/** Whether a stated version matches the installed one: the same major.minor, and the same patch when it gives one. */
function matches(stated: string, installed: string): boolean {
  const [s, i] = [stated.split("."), parts(installed)];
  return s.every((part, index) => Number(part) === i[index]);
}

test("the installed packages are the versions package.json pins exactly", () => {
  const pinned = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies;
  for (const name of PACKAGES) {
    assert.match(pinned[name] ?? "", /^\d+\.\d+\.\d+$/, `package.json pins ${name} to an exact version (no ^ or ~)`);
    assert.is(INSTALLED[name], pinned[name], `${name} ${pinned[name]} is installed (run npm ci)`);
  }
});

test(`build transcripts name no webpack newer than ${INSTALLED.webpack}`, () => {
  const found = transcripts();
  const wrong = found.filter((t) => newer(t.version, INSTALLED.webpack)).map((t) => `${t.at} webpack ${t.version}`);
  console.log(`  webpack versions: ${found.length} build transcripts`);
  assert.ok(found.length > 5, "found the transcripts");
  assert.equal(wrong, [], `transcripts naming a webpack newer than the installed ${INSTALLED.webpack}`);
});

test("version badges name no version newer than the installed package they are about", () => {
  const found = badges();
  const versions = found.flatMap((b) => {
    const version = badgeVersion(b.text, b.page);
    return version ? [{ ...b, ...version }] : [];
  });
  const wrong = versions.filter((b) => newer(b.version, INSTALLED[b.name])).map((b) => `${b.at} "${b.text}": ${b.name} ${INSTALLED[b.name]} is installed`);
  const byName = PACKAGES.map((name) => `${versions.filter((b) => b.name === name).length} ${name}`).join(", ");
  console.log(`  webpack versions: ${versions.length} version badges (${byName}), ${found.length - versions.length} other badges`);
  assert.ok(versions.length > 50, "found the badges");
  assert.equal(wrong, [], "badges naming a version newer than installed");
});

test(`"checked against" statements name the pinned versions (${PACKAGES.map((n) => `${n} ${INSTALLED[n]}`).join(", ")})`, () => {
  const found = statements();
  const wrong = found.flatMap((s) =>
    s.names.filter((n) => !matches(n.version, INSTALLED[n.name])).map((n) => `${s.at} "${s.sentence}": ${n.name} ${INSTALLED[n.name]} is installed`),
  );
  console.log(`  webpack versions: ${found.length} "checked against" statements`);
  assert.equal(wrong, [], "statements that do not match the installed versions");
  assert.ok(
    found.some((s) => s.page === "content/configuration/index.md"),
    'content/configuration/index.md says which webpack its reference was "checked against"',
  );
  const devServer = found.filter((s) => s.page === "content/configuration/dev-server.md");
  for (const s of devServer)
    assert.ok(
      s.names.some((n) => n.name === "webpack-dev-server"),
      `${s.at}: the dev-server page's statement names webpack-dev-server`,
    );
});

test("the version rules themselves", () => {
  assert.ok(newer("5.113.0", "5.112.2") && newer("6.0.0", "5.112.2") && !newer("5.112.2", "5.112.2") && !newer("5.9.0", "5.112.2"));
  assert.equal(badgeVersion("5.95.0+", "content/configuration/output.md"), { name: "webpack", version: "5.95.0" });
  assert.equal(badgeVersion("5.1.0+", "content/api/webpack-dev-server.md"), { name: "webpack-dev-server", version: "5.1.0" });
  assert.equal(badgeVersion("webpack 5.95.0+", "content/configuration/dev-server.md"), { name: "webpack", version: "5.95.0" });
  assert.equal(badgeVersion("webpack-cli v5.1.0+", "content/api/cli.md"), { name: "webpack-cli", version: "5.1.0" });
  assert.is(badgeVersion("experimental", "content/api/cli.md"), undefined);
  assert.ok(matches("5.112", "5.112.2") && matches("5.112.2", "5.112.2") && !matches("5.111", "5.112.2") && !matches("5.112.1", "5.112.2"));
  const cli = statements([contentPage("api/cli.md")]);
  assert.equal(cli[0]?.names, [
    { name: "webpack", version: "5.112" },
    { name: "webpack-cli", version: "7.3" },
  ]);
});

test.run();
