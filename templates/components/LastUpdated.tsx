import { useMessages } from "../site-chrome.ts";
import { withLink } from "../with-link.tsx";
/**
 * A page's "Last updated" line: `day` (`YYYY-MM-DD`) in a `<time>` element,
 * shown as `shown` (the readable form); nothing when the page has no day.
 */
export function LastUpdated({ day, shown }: { day: string; shown: string }) {
  const t = useMessages();
  if (!day) return null;
  return <p className="last-updated">{withLink(t["page.lastUpdated"], "date", <time dateTime={day}>{shown}</time>)}</p>;
}
