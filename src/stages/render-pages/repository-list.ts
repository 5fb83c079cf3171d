import type { ProcessedPage } from "../../shared/content-types.ts";
import { escapeXml } from "../../shared/text.ts";
import { bodyHashOf } from "../index-content/body-hash.ts";
import type { RepositoryEntry } from "../fetch-readmes/repository-list.ts";

/** The element `<RepositoryList kind="loaders" />` leaves in a page's body. */
export function repositoryListPlaceholder(kind: string): string {
  return `<docs-repository-list kind="${kind}"></docs-repository-list>`;
}

/**
 * The list of third-party repositories of one kind as HTML (pure): each name
 * links to its fetched page when the site has one (`/loaders/css-loader/`),
 * otherwise to its repository, so the list never holds a broken link whether
 * or not `fetch-readmes` has run.
 */
export function repositoryListHtml(entries: readonly RepositoryEntry[], pageUrls: ReadonlySet<string>): string {
  if (entries.length === 0) return "<p>No repositories are listed yet.</p>";
  const items = [...entries]
    .sort((a, b) => a.fullName.split("/")[1].localeCompare(b.fullName.split("/")[1]))
    .map((entry) => {
      const name = entry.fullName.split("/")[1];
      const page = `/${entry.kind}/${name}/`;
      const repository = `https://github.com/${entry.fullName}`;
      const title = pageUrls.has(page) ? `<a href="${page}">${escapeXml(name)}</a>` : `<a href="${repository}" rel="noopener noreferrer">${escapeXml(name)}</a>`;
      const source = pageUrls.has(page) ? ` <a class="repository-link" href="${repository}" rel="noopener noreferrer">${escapeXml(entry.fullName)}</a>` : ` <span class="repository-link">${escapeXml(entry.fullName)}</span>`;
      return `<li>${title}${source}${entry.group ? ` <span class="repository-group">${escapeXml(entry.group)}</span>` : ""}</li>`;
    });
  return `<ul class="repository-list">${items.join("")}</ul>`;
}

/**
 * Fills the repository-list placeholders of the pages that have one (pure);
 * other pages come back as they were. A filled page gets a new body hash, so
 * caches keyed on the body see the change.
 */
export function fillRepositoryLists(pages: readonly ProcessedPage[], lists: Readonly<Record<string, readonly RepositoryEntry[]>>): ProcessedPage[] {
  const urls = new Set(pages.map((p) => p.entry.url));
  return pages.map((page) => {
    if (!page.bodyHtml.includes("<docs-repository-list")) return page;
    let bodyHtml = page.bodyHtml;
    for (const [kind, entries] of Object.entries(lists)) bodyHtml = bodyHtml.split(repositoryListPlaceholder(kind)).join(repositoryListHtml(entries, urls));
    if (bodyHtml === page.bodyHtml) return page;
    return { ...page, bodyHtml, bodyHash: bodyHashOf(bodyHtml) };
  });
}
