import { markdownUrl } from "../src/shared/urls.ts";

/** Copies the markdown of the page at `pageUrl` to the clipboard; rejects when it cannot be fetched or written. */
export async function copyPage(pageUrl: string): Promise<void> {
  const response = await fetch(markdownUrl(pageUrl));
  if (!response.ok) throw new Error(`${response.status} fetching the page's markdown`);
  await navigator.clipboard.writeText(await response.text());
}
