import { useHref, useMessages } from "../site-chrome.ts";
import { markdownUrl } from "../../src/shared/urls.ts";

/**
 * A "Copy page" button that puts the page's markdown (`data-markdown`, its
 * `.md` URL) on the clipboard, and a polite live region that says whether it
 * did. The inline boot script handles the click, so the button works before
 * the client hydrates the page and without the client bundle; it writes the
 * outcome into the live region, which is why hydration keeps that region's
 * text as it finds it.
 */
export function CopyPage({ url }: { url: string }) {
  const t = useMessages();
  const href = useHref();
  // The region's child is a string, even when empty, so that suppressHydrationWarning lets its text differ.
  return (
    <div className="copy-page">
      <button type="button" className="copy-page-button" data-markdown={href(markdownUrl(url))}>
        {t["page.copy"]}
      </button>
      <span className="copy-page-status" role="status" suppressHydrationWarning>
        {""}
      </span>
    </div>
  );
}
