import { NOTIFICATION_KEY, NOTIFICATION_VERSION } from "./components/Notification.tsx";
import { THEME_KEY } from "./theme.ts";

/** A redirect the server cannot see: a page's old anchor that now lives on another page. */
export interface HashRedirect {
  /** Path and hash, such as `/configuration/other-options/#cache`. */
  from: string;
  /** The page it moved to; the hash is kept. */
  to: string;
}

/**
 * The small script inlined at the top of <head>, run before first paint:
 * applies the stored theme (no flash of the wrong theme), marks a dismissed
 * notification so CSS hides it, sets `data-js` where the client bundle (an ES
 * module) will run so CSS can lay out the page as it will be once hydrated,
 * and follows hash redirects of this page (also when the hash changes later).
 */
export function bootScript(redirects: readonly HashRedirect[] = []): string {
  const theme = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(THEME_KEY)})==="dark"?"dark":"light"}catch(e){document.documentElement.dataset.theme="light"}`;
  const notification = `try{if(localStorage.getItem(${JSON.stringify(NOTIFICATION_KEY)})===${JSON.stringify(NOTIFICATION_VERSION)})document.documentElement.dataset.notificationDismissed="true"}catch(e){}`;
  // Browsers that know `noModule` run module scripts; elsewhere the page keeps its no-JavaScript layout.
  const js = `if("noModule"in HTMLScriptElement.prototype)document.documentElement.dataset.js="true";`;
  if (redirects.length === 0) return theme + notification + js;
  const map = Object.fromEntries(redirects.map((r) => [r.from, r.to]));
  const redirect = `(function(){var r=${JSON.stringify(map).replace(/</g, "\\u003c")};function go(){var t=r[location.pathname+location.hash];if(t)location.replace(t+location.hash)}go();addEventListener("hashchange",go)})();`;
  return theme + notification + js + redirect;
}
