/** The kinds of third-party repositories with a committed list: the section their fetched pages belong to. */
export type ReadmeKind = "loaders" | "plugins";

/**
 * The placeholder a `<RepositoryList kind="…" />` leaves in a page's body
 * starts with this; indexing notes which bodies hold one, and rendering
 * fills each with the list of its kind.
 */
export const REPOSITORY_LIST_TAG = "<docs-repository-list";
