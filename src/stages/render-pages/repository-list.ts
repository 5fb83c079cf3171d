import { escapeXml } from "../../shared/text.ts";
import { REPOSITORY_LIST_TAG } from "../../markdown/repository-list.ts";
import { listedRepositories, type RepositoryEntry } from "../../data-files/repository-lists.ts";

/** The element `<RepositoryList kind="loaders" />` leaves in a page's body. */
function repositoryListPlaceholder(kind: string): string {
  return `<docs-repository-list kind="${kind}"></docs-repository-list>`;
}

/** The list of third-party repositories of one kind as HTML (pure), in the order and with the links of `listedRepositories`. */
export function repositoryListHtml(entries: readonly RepositoryEntry[], pageUrls: ReadonlySet<string>): string {
  if (entries.length === 0) return "<p>No repositories are listed yet.</p>";
  const items = listedRepositories(entries, pageUrls).map(({ name, fullName, group, page, repository }) => {
    const title = page ? `<a href="${page}">${escapeXml(name)}</a>` : `<a href="${repository}" rel="noopener noreferrer">${escapeXml(name)}</a>`;
    const source = page
      ? ` <a class="repository-link" href="${repository}" rel="noopener noreferrer">${escapeXml(fullName)}</a>`
      : ` <span class="repository-link">${escapeXml(fullName)}</span>`;
    return `<li>${title}${source}${group ? ` <span class="repository-group">${escapeXml(group)}</span>` : ""}</li>`;
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
