import { hydrateRoot, type Root } from "react-dom/client";
import type { PageData } from "../src/shared/page-data.ts";
import { App } from "../templates/App.tsx";
import { DATA_ELEMENT_ID } from "../templates/Document.tsx";

/** What hydration found and did, for the caller (and tests). */
export interface Hydrated {
  data: PageData;
  root: Root;
}

/**
 * Hydrates the server-rendered page in `doc` with the data embedded in it,
 * reusing the body HTML already in the page, so markdown is never parsed in
 * the browser. Returns undefined on a page without data (nothing to hydrate).
 */
export function hydratePage(doc: Document, onRecoverableError?: (error: unknown) => void): Hydrated | undefined {
  const dataElement = doc.getElementById(DATA_ELEMENT_ID);
  const container = doc.getElementById("root");
  if (!dataElement?.textContent || !container) return undefined;
  const data = JSON.parse(dataElement.textContent) as PageData;
  const html = container.querySelector("[data-content]")?.innerHTML ?? "";
  const root = hydrateRoot(container, <App data={data} body={{ html }} />, {
    onRecoverableError: onRecoverableError ?? ((error) => console.warn("docs-build: hydration recovered from", error)),
  });
  return { data, root };
}
