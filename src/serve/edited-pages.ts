import fs from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../output/files.ts";
import { sidebarAnchorsOf } from "../shared/content-rules.ts";
import type { Anchor, PageSummary, ProcessedPage } from "../shared/content-types.ts";
import type { PageBodyPlan } from "../stages/render-pages/core.ts";
import type { Session } from "./session.ts";
import { withCurrentAnchors } from "../stages/render-pages/sidebar.ts";
import { writeSome } from "../output/staging.ts";

/**
 * True when an edit changed only what its own page shows of itself (pure):
 * its title, headings, front matter and teaser are what other pages (the
 * sidebar, the blog list, neighbours' links) show of it, so the page can be
 * re-rendered alone against the last build's plan. A page with an error (`after`
 * carries the problems processing found), or one that lists repositories
 * (filled from data files), waits for the whole build.
 */
export function onlyItsBody(before: PageSummary, after: PageSummary & Pick<ProcessedPage, "diagnostics">): boolean {
  return (
    !after.failed &&
    !after.repositoryLists &&
    !after.diagnostics.some((d) => d.fatal) &&
    after.teaser === before.teaser &&
    after.stackBlitz === before.stackBlitz &&
    after.anchorsHash === before.anchorsHash &&
    // The file's size is the one field of the entry no page shows.
    JSON.stringify({ ...after.entry, size: 0 }) === JSON.stringify({ ...before.entry, size: 0 })
  );
}

/** The plan of a page after an edit to its body alone (pure): the last build's plan with the new body, its sidebar item given the page's headings. */
function withBody(plan: PageBodyPlan, page: PageSummary, anchors: readonly Anchor[]): PageBodyPlan {
  const sidebar = withCurrentAnchors(plan.data.sidebar, plan.data.url, sidebarAnchorsOf({ anchors: [...anchors] }));
  return { ...plan, data: { ...plan.data, sidebar }, body: { kind: "page", page }, bodyHash: page.bodyHash };
}

/** A changed path as the last build's plans know it: relative to the project root, with forward slashes. */
const planKey = (changed: string) => changed.split(path.sep).join("/");

/**
 * Re-renders edited pages on their own, before the dev server rebuilds the
 * whole site, so an edit reaches the browser in the time of one page whatever
 * the site's size. Applies only when every changed path is a page of the last
 * successful build and each edit changed only its page's body (see
 * {@link onlyItsBody}); then writes those pages' HTML into the served site
 * and returns their output paths. Returns undefined, writing nothing, in
 * every other case: the whole-site rebuild that always follows does the work.
 * Content chunks (and the folder route tables that name their hashes),
 * printable pages, the search index and other pages' links are left to that
 * rebuild, which writes a chunk and its table together.
 */
export async function renderEditedPages(session: Session, root: string, changed: readonly string[]): Promise<string[] | undefined> {
  const { left: site, plans: planned } = session;
  const written = site?.written;
  if (!site || !planned || !written || changed.length === 0) return undefined;
  const plans = [...new Set(changed.map(planKey))].map((key) => planned.get(key));
  if (!plans.every((plan) => plan !== undefined)) return undefined;
  const [{ decodeSource }, { processPage }, { summarize }, { renderDocument }] = await Promise.all([
    import("../stages/index-content/source-files.ts"),
    import("../stages/index-content/process-page.ts"),
    import("../stages/index-content/summary.ts"),
    import("../stages/render-pages/render-document.ts"),
  ]);
  const files: OutputFile[] = [];
  const updated: PageBodyPlan[] = [];
  for (const plan of plans) {
    const before = plan.body.page;
    const full = path.resolve(root, before.entry.path);
    const bytes = await fs.readFile(full).catch(() => undefined);
    const source = bytes && decodeSource(path.relative(site.content, full), before.entry.path, bytes);
    if (!source || "ruleId" in source) return undefined;
    const page = processPage(source, site.settings, site.reference);
    const after = summarize(page, before.bodyKey);
    if (!onlyItsBody(before, { ...after, diagnostics: page.diagnostics })) return undefined;
    const next = withBody(plan, after, page.entry.anchors);
    files.push({ path: next.outPath, contents: renderDocument(next, page.bodyHtml, { assets: site.assets, chrome: site.chrome }) });
    updated.push(next);
  }
  const manifest = await writeSome(site.out, files, written);
  if (!manifest) return undefined;
  session.wrote(manifest, updated);
  return files.map((file) => file.path);
}
