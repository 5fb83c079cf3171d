import { useEffect, useState } from "react";

/** The version of the current notification; dismissing it hides it until this changes. */
export const NOTIFICATION_VERSION = "3";

/** The localStorage key that remembers the dismissed notification version. */
export const NOTIFICATION_KEY = "notification-dismissed";

/** True when the reader dismissed this version of the notification. */
function isDismissed(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(NOTIFICATION_KEY) === NOTIFICATION_VERSION;
  } catch {
    return false;
  }
}

/**
 * A dismissible banner. The head script marks the document before first
 * paint when it was dismissed, so CSS hides it without a flash; after
 * hydration React removes it for good.
 */
export function Notification() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(isDismissed()), []);
  if (dismissed) return null;
  return (
    <div className="notification" role="region" aria-label="Notice">
      <p>
        webpack 5 is the current version. Upgrading from 4? Read the <a href="/migrate/5/">migration guide</a>.
      </p>
      <button
        type="button"
        className="notification-close"
        aria-label="Dismiss this notice"
        onClick={() => {
          try {
            localStorage.setItem(NOTIFICATION_KEY, NOTIFICATION_VERSION);
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
