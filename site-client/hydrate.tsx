import { hydrateRoot, type Root } from "react-dom/client";
import type { PageData } from "../src/shared/page-data.ts";
import { DATA_ELEMENT_ID, ROOT_ELEMENT_ID } from "../templates/Document.tsx";
import { ClientApp } from "./client-app.tsx";

/** What hydration found and did, for the caller (and tests). */
export interface Hydrated {
  data: PageData;
  root: Root;
  /** The body HTML the page came with. */
  html: string;
}

/**
 * The app root and its data script, found as children of <body>. Page content
 * lives inside the root, so nothing it holds can match these selectors, even
 * an element with the same id (which sanitizing already prevents on
 * third-party pages); `getElementById` would return the first such element in
 * the document, which may be the content's.
 */
function pageElements(doc: Document): { data: HTMLScriptElement | null; root: HTMLElement | null } {
  return {
    data: doc.querySelector<HTMLScriptElement>(`body > script#${DATA_ELEMENT_ID}[type="application/json"]`),
    root: doc.querySelector<HTMLElement>(`body > div#${ROOT_ELEMENT_ID}`),
  };
}

/**
 * Hydrates the server-rendered page in `doc` with the data embedded in it,
 * reusing the body HTML already in the page, so markdown is never parsed in
 * the browser. Returns undefined on a page without data (nothing to hydrate).
 */
export function hydratePage(doc: Document, onRecoverableError?: (error: unknown) => void): Hydrated | undefined {
  const { data: dataElement, root: container } = pageElements(doc);
  if (!dataElement?.textContent || !container) return undefined;
  const data = JSON.parse(dataElement.textContent) as PageData;
  // The first [data-content] in tree order is the page's own wrapper; content sits inside it.
  const html = container.querySelector("[data-content]")?.innerHTML ?? "";
  const root = hydrateRoot(container, <ClientApp data={data} body={{ html }} />, {
    onRecoverableError: onRecoverableError ?? ((error) => console.warn("docs-build: hydration recovered from", error)),
  });
  return { data, root, html };
}
