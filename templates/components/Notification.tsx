import { useEffect, useState, type ReactNode } from "react";
import { useChrome, useHref } from "../site-chrome.ts";

/** The localStorage key that remembers the dismissed notification version. */
export const NOTIFICATION_KEY = "notification-dismissed";

/** True when the reader dismissed this version of the notification. */
function isDismissed(version: string, storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(NOTIFICATION_KEY) === version;
  } catch {
    return false;
  }
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A notice's text with each `[words](/path/)` made a link. */
function noticeText(text: string, href: (url: string) => string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    nodes.push(
      <a key={match.index} href={href(match[2])}>
        {match[1]}
      </a>,
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/**
 * The config's dismissible notice, when it has one. The head script marks
 * the document before first paint when it was dismissed, so CSS hides it
 * without a flash; after hydration React removes it for good.
 */
export function Notification() {
  const { notification, messages: t } = useChrome();
  const href = useHref();
  const version = notification?.version ?? "";
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(isDismissed(version)), [version]);
  if (dismissed || !notification) return null;
  return (
    <div className="notification" role="region" aria-label={t["notice.label"]}>
      <p>{noticeText(notification.text, href)}</p>
      <button
        type="button"
        className="notification-close"
        aria-label={t["notice.dismiss"]}
        onClick={() => {
          try {
            localStorage.setItem(NOTIFICATION_KEY, version);
          } catch {
            // Storage can be blocked; the banner still closes for this page.
          }
          document.documentElement.dataset.notificationDismissed = "true";
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
