import { escapeXml } from "../../shared/text.ts";
import { REPOSITORY_LIST_TAG } from "../../markdown/repository-list.ts";
import type { RepositoryEntry } from "../../data-files/repository-lists.ts";

/** The element `<RepositoryList kind="loaders" />` leaves in a page's body. */
function repositoryListPlaceholder(kind: string): string {
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
      const title = pageUrls.has(page)
        ? `<a href="${page}">${escapeXml(name)}</a>`
        : `<a href="${repository}" rel="noopener noreferrer">${escapeXml(name)}</a>`;
      const source = pageUrls.has(page)
        ? ` <a class="repository-link" href="${repository}" rel="noopener noreferrer">${escapeXml(entry.fullName)}</a>`
        : ` <span class="repository-link">${escapeXml(entry.fullName)}</span>`;
      return `<li>${title}${source}${entry.group ? ` <span class="repository-group">${escapeXml(entry.group)}</span>` : ""}</li>`;
    });
  return `<ul class="repository-list">${items.join("")}</ul>`;
}

/**
 * Fills the repository-list placeholders of one body (pure) with each kind's
 * list HTML (see `repositoryListHtml`); a body without any comes back as it was.
 */
export function fillRepositoryLists(bodyHtml: string, listHtml: Readonly<Record<string, string>>): string {
  if (!bodyHtml.includes(REPOSITORY_LIST_TAG)) return bodyHtml;
  let filled = bodyHtml;
  for (const [kind, html] of Object.entries(listHtml)) filled = filled.split(repositoryListPlaceholder(kind)).join(html);
  return filled;
}
