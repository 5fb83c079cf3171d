import { test } from "uvu";
import * as assert from "uvu/assert";
import { basePathOf, rebaseHtml, withBase } from "../src/shared/base-path.ts";

// A language's pages live under its prefix (`/zh/`): the bodies it shares with
// the default language have their site paths moved there, and nothing else.

test("rebaseHtml moves every site path of a tag's href, src and poster under the base, and nothing else", () => {
  const html =
    '<p><a href="/guides/" title="/x">Guides</a> <img src="/logo.svg" alt="a href=&#x22;/no/&#x22;"></p>' +
    '<video poster="/p.png" src="//cdn.example.test/v.mp4"></video><a href="https://example.test/">out</a>' +
    '<pre><code>&#x3C;a href="/in-code/"></code></pre><a id="x" class="y" href="/last/">last</a>';
  assert.is(
    rebaseHtml(html, "/zh/"),
    '<p><a href="/zh/guides/" title="/x">Guides</a> <img src="/zh/logo.svg" alt="a href=&#x22;/no/&#x22;"></p>' +
      '<video poster="/zh/p.png" src="//cdn.example.test/v.mp4"></video><a href="https://example.test/">out</a>' +
      '<pre><code>&#x3C;a href="/in-code/"></code></pre><a id="x" class="y" href="/zh/last/">last</a>',
  );
  assert.is(rebaseHtml(html, "/"), html, "at the root, the body is as it is");
});

test("withBase and basePathOf: a site path under the base path of a URL", () => {
  assert.is(basePathOf("https://docs.example.test/zh"), "/zh/");
  assert.is(basePathOf("https://docs.example.test"), "/");
  assert.is(withBase("/zh/", "/guides/"), "/zh/guides/");
  assert.is(withBase("/zh/", "//cdn.example.test/a.js"), "//cdn.example.test/a.js");
  assert.is(withBase("/", "/guides/"), "/guides/");
});

test.run();
