import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { fetchReadmes } from "../src/commands/fetch-readmes/index.ts";
import { repositoryListHtml } from "../src/stages/render-pages/repository-list.ts";
import { ownRepos, startCodeHost } from "./helpers/code-host-server.ts";
import { fileText } from "./helpers/site.ts";
import { tempSite } from "./helpers/temp-site.ts";

test("repositoryListHtml links a fetched page when the site has it and the repository otherwise, escaping names", () => {
  const html = repositoryListHtml(
    [
      { kind: "loaders", fullName: "org/z-loader" },
      { kind: "loaders", fullName: "org/a-loader", group: "CSS & co" },
    ],
    new Set(["/loaders/a-loader/"]),
  );
  assert.is(
    html,
    '<ul class="repository-list"><li><a href="/loaders/a-loader/">a-loader</a> <a class="repository-link" href="https://github.com/org/a-loader" rel="noopener noreferrer">org/a-loader</a> <span class="repository-group">CSS &amp; co</span></li>' +
      '<li><a href="https://github.com/org/z-loader" rel="noopener noreferrer">z-loader</a> <span class="repository-link">org/z-loader</span></li></ul>',
  );
  assert.is(repositoryListHtml([], new Set()), "<p>No repositories are listed yet.</p>");
});

test("<RepositoryList> builds strictly before and after fetch-readmes, linking repositories then pages", async () => {
  const site = tempSite("code-host/site");
  const host = await startCodeHost({ repos: ownRepos() });
  try {
    fs.writeFileSync(
      site.path("content/loaders/index.md"),
      '---\ntitle: Loaders\ndescription: Loaders and their pages.\n---\n\nThe loaders:\n\n<RepositoryList kind="loaders" />\n',
    );
    const before = fileText(await build({ root: site.dir, write: false, cache: false, logger: createMemoryLogger() }), "loaders/index.html");
    assert.match(before, '<a href="https://github.com/example-org/tiny-loader" rel="noopener noreferrer">tiny-loader</a>');
    assert.not.match(before, 'href="/loaders/tiny-loader/"');
    await fetchReadmes({ root: site.dir, logger: createMemoryLogger(), codeHost: { baseUrl: host.url, token: "", policy: { baseDelayMs: 10 } } });
    // The fetched READMEs link to docs pages this small site lacks, so only the list page is checked strictly here.
    const after = fileText(await build({ root: site.dir, write: false, cache: false, links: "warn", logger: createMemoryLogger() }), "loaders/index.html");
    assert.match(after, '<a href="/loaders/tiny-loader/">tiny-loader</a>');
    assert.match(after, '<a href="/loaders/markdown-loader/">markdown-loader</a>');
  } finally {
    await host.close();
    site.remove();
  }
});

test.run();
