/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Where a page's markdown is served: its URL with `.md` (`/configuration/output/` → `/configuration/output.md`, `/` → `/index.md`). */
export function markdownUrl(pageUrl: string): string {
  return `/${pageUrl.replace(/^\/+|\/+$/g, "") || "index"}.md`;
}

/** True for a URL that leaves the site: one with a scheme (`https:`, `mailto:`) or protocol-relative (`//cdn.example/x`). */
export function isExternalUrl(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/** The query that asks a printable page to open the print dialog: "Print this page" links to `/guides/printable/?print`. */
export const PRINT_QUERY = "print";
