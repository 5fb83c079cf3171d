import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/context/config.ts";
import type { DocPageProps, PageData, SidebarItem } from "../src/shared/page-data.ts";
import { memorySite } from "../src/pipeline/site-pages.ts";
import { siteData } from "../src/stages/render-pages/core.ts";
import { App } from "../templates/App.tsx";
import { bootScript } from "../templates/boot-script.ts";
import { Content } from "../templates/components/Content.tsx";
import { EN } from "../src/shared/messages/en.ts";
import { ZH } from "../src/shared/messages/zh.ts";
import { Contributors, contributorsHeading } from "../templates/components/Contributors.tsx";
import { DocPage } from "../templates/components/DocPage.tsx";
import { Footer } from "../templates/components/Footer.tsx";
import { Header } from "../templates/components/Header.tsx";
import { LanguageDropdown } from "../templates/components/LanguageDropdown.tsx";
import { MobileSidebar } from "../templates/components/MobileSidebar.tsx";
import { NotFound } from "../templates/components/NotFound.tsx";
import { Notification } from "../templates/components/Notification.tsx";
import { outlineOf } from "../templates/components/PageOutline.tsx";
import { Sidebar } from "../templates/components/Sidebar.tsx";
import { versionUrl, VersionSelector } from "../templates/components/VersionSelector.tsx";

// Server rendering of each component against fixture data.
const settings = resolveSettings({});
const folder = (name: string) => ({ path: `content/${name}`, name, children: [], size: 0, type: "directory" as const, url: `/${name}/` });
const site = siteData(
  settings,
  memorySite(
    { path: "content", name: "content", children: [folder("concepts"), folder("configuration"), folder("blog")], size: 0, type: "directory", url: "/" },
    [],
  ).parts,
);
const items: SidebarItem[] = [
  { url: "/guides/", title: "Guides", anchors: [], hasAnchors: false, group: "" },
  {
    url: "/guides/first/",
    title: "First",
    anchors: [
      { title: "Setup", id: "setup", level: 2 },
      { title: "Deep", id: "deep", level: 3 },
      { title: "Deeper", id: "deeper", level: 4 },
    ],
    hasAnchors: true,
    group: "",
  },
  // Another page's item: it has anchors, but they are in the section's anchors file, not in the page.
  { url: "/guides/caching/", title: "Caching", anchors: [], hasAnchors: true, group: "Advanced" },
];
const page: DocPageProps = {
  title: "First",
  url: "/guides/first/",
  date: "",
  updated: "",
  contributors: [{ handle: "alice", name: "Alice" }],
  related: [{ title: "Node.js", url: "https://nodejs.org/" }],
  previous: { url: "/guides/", title: "Guides" },
  next: { url: "/guides/caching/", title: "Caching" },
  thirdParty: false,
  fallback: "",
  outdated: null,
  missingIn: [],
  edit: "https://github.com/webpack/webpack.js.org/edit/main/content/guides/first.md",
  path: "content/guides/first.md",
  repo: "",
  printUrl: "/guides/printable/",
  stackBlitz: "",
};
const render = (element: ReturnType<typeof h>) => renderToStaticMarkup(element);

test("Header: logo, the four top links with Documentation active on docs paths, icon links with names, the search box", () => {
  const html = render(h(Header, { site, url: "/configuration/mode/", hasSidebar: true, menuOpen: false, onMenu: () => {} }));
  assert.match(html, '<a class="logo" href="/" aria-label="webpack home">');
  assert.match(
    html,
    '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path d="M12 1 22 6.5v11L12 23 2 17.5v-11z" fill="var(--logo-outer)"></path><path d="M12 6.2 17 9v6l-5 2.8L7 15V9z" fill="var(--logo-inner)"></path></svg>',
    "the built-in logo, in the theme's colours",
  );
  for (const [title, url] of [
    ["Documentation", "/concepts/"],
    ["Contribute", "/contribute/"],
    ["Vote", "/vote/"],
    ["Blog", "/blog/"],
  ]) {
    assert.match(html, `href="${url}"`);
    assert.match(html, `>${title}</a>`);
  }
  assert.match(html, '<a href="/concepts/" class="active" aria-current="page">Documentation</a>');
  assert.match(html, 'aria-label="webpack on GitHub"');
  assert.match(html, 'aria-label="webpack on X (Twitter)"');
  assert.match(html, 'aria-label="webpack questions on Stack Overflow"');
  assert.match(html, 'placeholder="Search webpack documentation"');
  assert.match(
    html,
    '<nav class="sub-nav" aria-label="Sections"><a href="/concepts/">Concepts</a><a href="/configuration/" class="active" aria-current="true">Configuration</a></nav>',
  );
  assert.not.match(html, "sidebar-menu-button", "the menu button is rendered only in the browser");
  for (const path of ["/api/", "/concepts/x/", "/guides/", "/loaders/", "/migrate/", "/plugins/"])
    assert.match(render(h(Header, { site, url: path, hasSidebar: false, menuOpen: false, onMenu: () => {} })), '<a href="/concepts/" class="active"');
  const blog = render(h(Header, { site, url: "/blog/", hasSidebar: false, menuOpen: false, onMenu: () => {} }));
  assert.not.match(blog, '<a href="/concepts/" class="active"');
  assert.match(blog, '<a href="/blog/" class="active" aria-current="page">Blog</a>');
  assert.not.match(blog, 'class="sub-nav"');
});

test("LanguageDropdown: a closed menu button over one menu item per translated site, at the same path", () => {
  const html = render(h(LanguageDropdown, { languages: site.languages, path: "/guides/first/" }));
  assert.match(html, '<button type="button" class="language-button" aria-haspopup="menu" aria-expanded="false" aria-controls="language-menu"');
  assert.match(html, '<ul id="language-menu" role="menu" aria-label="Languages" hidden="">');
  assert.match(html, 'href="https://webpack.js.org/guides/first/"');
  assert.match(html, 'href="https://webpack.docschina.org/guides/first/"');
  assert.match(html, 'href="https://webpack.kr/guides/first/"');
  assert.is(html.match(/role="menuitem"/g)?.length, 3);
});

test("VersionSelector: 5 selected by default; version 4 lives on the v4. host at the same path", () => {
  const html = render(h(VersionSelector, { versions: ["5", "4"], current: "5", baseUrl: "https://webpack.js.org", path: "/guides/" }));
  assert.match(html, '<option value="5" selected="">v5</option>');
  assert.match(html, '<option value="4">v4</option>');
  assert.is(
    versionUrl({ baseUrl: "https://webpack.js.org", version: "4", defaultVersion: "5", path: "/guides/caching/" }),
    "https://v4.webpack.js.org/guides/caching/",
  );
  assert.is(versionUrl({ baseUrl: "https://webpack.js.org", version: "5", defaultVersion: "5", path: "/guides/" }), "https://webpack.js.org/guides/");
});

test("Sidebar: groups, the current item open and marked, anchors of levels 2 and 3 only; other items a closed, empty list until opened", () => {
  const html = render(h(Sidebar, { items, url: "/guides/first/", anchorsUrl: "/assets/sidebar/guides-0123456789.json" }));
  assert.match(html, '<h2 class="sidebar-group-title">Advanced</h2>');
  assert.match(html, '<li class="sidebar-item current open">');
  assert.match(html, 'aria-current="page">First</a>');
  assert.match(html, 'href="/guides/first/#setup"');
  assert.match(html, 'href="/guides/first/#deep"');
  assert.not.match(html, "#deeper");
  assert.match(html, '<ul class="sidebar-anchors" id="sidebar-anchors-guides-caching-" hidden=""></ul>');
  assert.match(html, 'aria-controls="sidebar-anchors-guides-caching-"');
  assert.not.match(html, 'aria-controls="sidebar-anchors-guides-"', "an item without anchors has no toggle");
  assert.ok(html.indexOf(">Guides</a>") < html.indexOf(">First</a>"), "the index page comes first");
  assert.is(render(h(Sidebar, { items: [], url: "/", anchorsUrl: "" })), "");
});

test("MobileSidebar renders nothing on the server", () => {
  assert.is(render(h(MobileSidebar, { items, url: "/guides/first/", anchorsUrl: "", open: false, onOpenChange: () => {} })), "");
});

test("DocPage: title, body, Further Reading, edit/print links, previous and next, contributors", () => {
  const html = render(h(DocPage, { page, body: { html: "<p>Body text</p>" } }));
  assert.match(html, "<h1>First</h1>");
  assert.match(html, '<div class="markdown" data-content=""><p>Body text</p></div>');
  assert.match(html, 'id="further-reading">Further Reading</h2>');
  assert.match(html, `<a href="${page.edit}" rel="noopener noreferrer">Edit this page</a>`);
  assert.match(html, '<a href="/guides/printable/?print" rel="nofollow">Print this page</a>');
  assert.not.match(html, "Jump to repository");
  assert.not.match(html, "third-party");
  assert.match(html, 'href="/guides/" rel="prev"');
  assert.match(html, 'href="/guides/caching/" rel="next"');
  assert.match(html, ">Contributor</h2>");
});

test("DocPage for a third-party page: disclaimer and Jump to repository; a live preview when there is an example", () => {
  const html = render(
    h(DocPage, {
      page: { ...page, thirdParty: true, repo: "https://github.com/webpack-contrib/css-loader", stackBlitz: "https://stackblitz.com/x" },
      body: { html: "" },
    }),
  );
  assert.match(html, '<p class="third-party">');
  assert.match(html, '<a href="https://github.com/webpack-contrib/css-loader" rel="noopener noreferrer">Jump to repository</a>');
  assert.match(html, '<aside class="live-preview" aria-label="Live preview"><a href="https://stackblitz.com/x"');
});

/** A page's data as the render stage makes it, with `items` as its sidebar. */
const pageData = (kind: "doc" | "printable" | "section", url: string, sidebar: SidebarItem[] = items): PageData => ({
  ...(kind === "doc" ? { kind, page } : { kind, page: null }),
  url,
  title: "First | webpack",
  description: "",
  site,
  sidebar,
  sidebarAnchors: "",
  children: [],
  hero: { words: [] },
  posts: [],
  sponsors: null,
  vote: null,
});

/** The outline's links in the rendered page, as `href text` in order; null without an outline. */
function outlineLinks(html: string): string[] | null {
  const nav = /<nav class="page-outline" aria-label="On this page">(.*?)<\/nav>/.exec(html);
  return nav ? [...nav[1].matchAll(/<li class="level-(\d)"><a href="([^"]*)">([^<]*)<\/a><\/li>/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`) : null;
}

test("PageOutline: a documentation page lists its h2 and h3 headings in order, from its sidebar item; nothing is current on the server", () => {
  const body = { html: '<h2 id="setup">Setup</h2><h3 id="deep">Deep</h3><h4 id="deeper">Deeper</h4>' };
  const html = render(h(App, { data: pageData("doc", "/guides/first/"), body }));
  assert.equal(outlineLinks(html), ["2 #setup Setup", "3 #deep Deep"]);
  assert.match(html, '<p class="page-outline-title">On this page</p>');
  assert.not.match(html, 'aria-current="location"');
  assert.ok(html.indexOf('class="page-outline"') > html.indexOf("</main>"), "the outline is the column after the content");
  // In a nested folder, the page's item is inside its folder's item.
  const nested: SidebarItem[] = [{ url: "/guides/", title: "Guides", anchors: [], hasAnchors: false, group: "", pages: 2, children: items.slice(1) }];
  assert.equal(
    outlineOf(pageData("doc", "/guides/first/", nested)).map((a) => a.id),
    ["setup", "deep"],
  );
});

test("PageOutline: absent on printable pages, on pages without headings of levels 2 and 3, and on screens other than documentation pages", () => {
  const body = { html: "<h2>Setup</h2>" };
  // The printable page: the sidebar leaves it out, so no item carries its headings, whatever its kind.
  assert.is(outlineLinks(render(h(App, { data: pageData("printable", "/guides/printable/"), body }))), null);
  assert.is(outlineLinks(render(h(App, { data: pageData("doc", "/guides/printable/"), body }))), null);
  assert.is(outlineLinks(render(h(App, { data: pageData("doc", "/guides/"), body }))), null, "the page's item has no anchors");
  assert.is(outlineLinks(render(h(App, { data: pageData("section", "/guides/first/"), body }))), null);
  assert.not.match(render(h(App, { data: pageData("printable", "/guides/first/"), body })), "On this page");
});

test("Contributors: singular and plural headings, 45px avatars at size 90, loaded lazily", () => {
  assert.is(contributorsHeading(1, EN), "Contributor");
  assert.is(contributorsHeading(2, EN), "Contributors");
  assert.is(contributorsHeading(0, EN), "Contributors");
  assert.is(contributorsHeading(2, ZH), "贡献者");
  const html = render(
    h(Contributors, {
      contributors: [
        { handle: "a", name: "A" },
        { handle: "b", name: "B" },
      ],
    }),
  );
  assert.match(html, ">Contributors</h2>");
  assert.match(html, '<img src="https://github.com/a.png?size=90" alt="A" width="45" height="45" loading="lazy" decoding="async"/>');
  assert.is(render(h(Contributors, { contributors: [] })), "");
});

test("Content: the loading placeholder and the error text", () => {
  assert.match(render(h(Content, { body: { status: "loading" } })), 'data-content-state="loading" aria-busy="true"');
  const error = render(h(Content, { body: { status: "error", retry: () => {} } }));
  assert.match(error, `<p>${EN["page.loadError"]}</p>`);
  assert.is(EN["page.loadError"], "Error loading content.");
  assert.match(error, ">Try again</button>");
});

test("Footer lists the ten links in order; NotFound has its texts; Notification renders until dismissed", () => {
  const footer = render(h(Footer));
  assert.equal(
    [...footer.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]),
    ["Get Started", "Comparison", "Privacy Policy", "Swag Store", "Awesome", "Glossary", "Branding", "Gitter", "Changelog", "License"],
  );
  const notFound = render(h(NotFound));
  assert.match(notFound, "<h1>Page Not Found</h1>");
  assert.match(notFound, "Oops! The page you are looking for has been removed or relocated.");
  assert.match(notFound, '<a class="button" href="/">Go to Homepage</a>');
  assert.match(render(h(Notification)), 'class="notification"');
});

test("the boot script applies the theme, the notification mark and the JavaScript mark, and redirects only where asked", () => {
  const plain = bootScript({ redirects: [], notificationVersion: "3" });
  assert.match(plain, 'localStorage.getItem("theme")==="dark"?"dark":"light"');
  assert.match(plain, 'localStorage.getItem("notification-dismissed")==="3"');
  assert.match(plain, 'if("noModule"in HTMLScriptElement.prototype)document.documentElement.dataset.js="true"');
  assert.not.match(plain, "location.replace");
  assert.not.match(bootScript({ redirects: [], notificationVersion: null }), "notification", "no notice, no mark");
  const withRedirect = bootScript({ redirects: [{ from: "/configuration/other-options/#cache", to: "/configuration/cache/" }], notificationVersion: "3" });
  assert.match(withRedirect, '{"/configuration/other-options/#cache":"/configuration/cache/"}');
  assert.match(withRedirect, "location.replace(t+location.hash)");
  assert.match(withRedirect, 'addEventListener("hashchange",go)');
});

test("the boot script handles Copy page only where the site has it, opens the print dialog only on printable pages, and stays small", () => {
  const page = bootScript({ redirects: [], notificationVersion: "3" });
  const printable = bootScript({ redirects: [], notificationVersion: "3", copyPage: true, print: true });
  assert.match(page, ".code-copy");
  assert.not.match(page, "copy-page");
  assert.match(printable, 'closest(".copy-page-button")');
  assert.not.match(page, "print()");
  assert.match(printable, 'searchParams.has("print")');
  assert.match(printable, "history.replaceState(");
  assert.match(printable, 'type==="navigate"');
  // It is inlined into every page's head: both copy buttons and printing fit in 2 KB.
  assert.ok(printable.length < 2048, `${printable.length} characters`);
});

test.run();
