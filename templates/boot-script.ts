import { NOTIFICATION_KEY } from "./components/Notification.tsx";
import { THEME_KEY } from "./theme.ts";

/** A redirect the server cannot see: a page's old anchor that now lives on another page. */
export interface HashRedirect {
  /** Path and hash, such as `/configuration/other-options/#cache`. */
  from: string;
  /** The page it moved to; the hash is kept. */
  to: string;
}

// The code is the block's text without shell prompts (`.t-pr`); a diff of a change (`data-diff`) is the code it
// leads to: removed lines dropped, the one-column `+` or space marker taken off (as `resultingCode` in
// src/markdown/diff-lines.ts). The polite live region says "Copied".
const COPY_CODE = `document.addEventListener("click",function(e){var b=e.target,f,c,s,t;if(!b.closest||!(b=b.closest(".code-copy")))return;f=b.parentNode;c=f.querySelector("pre").cloneNode(true);s=f.querySelector(".code-status");c.querySelectorAll(".t-pr").forEach(function(p){p.remove()});t=c.textContent;if(f.hasAttribute("data-diff"))t=t.split("\\n").filter(function(l){return l[0]!="-"}).map(function(l){return l.replace(/^[+ ]/,"")}).join("\\n");s.textContent="";(navigator.clipboard?navigator.clipboard.writeText(t):Promise.reject()).then(function(){s.textContent="Copied"},function(){s.textContent="Copy failed"});clearTimeout(s.t);s.t=setTimeout(function(){s.textContent=""},3000)});`;

/**
 * The small script inlined at the top of <head>, run before first paint:
 * applies the stored theme (no flash of the wrong theme), marks a dismissed
 * notification so CSS hides it, sets `data-js` where the client bundle (an ES
 * module) will run so CSS can lay out the page as it will be once hydrated,
 * follows hash redirects of this page (also when the hash changes later),
 * and copies a code block when its copy button is pressed (a diff as the
 * code it leads to). The copy handler
 * is delegated from `document`, so it serves every block, those a client-side
 * navigation brings included, before and without the client bundle.
 */
export function bootScript(redirects: readonly HashRedirect[], notificationVersion: string | null): string {
  const theme = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(THEME_KEY)})==="dark"?"dark":"light"}catch(e){document.documentElement.dataset.theme="light"}`;
  const notification =
    notificationVersion === null
      ? ""
      : `try{if(localStorage.getItem(${JSON.stringify(NOTIFICATION_KEY)})===${JSON.stringify(notificationVersion)})document.documentElement.dataset.notificationDismissed="true"}catch(e){}`;
  // Browsers that know `noModule` run module scripts; elsewhere the page keeps its no-JavaScript layout.
  const js = `if("noModule"in HTMLScriptElement.prototype)document.documentElement.dataset.js="true";`;
  if (redirects.length === 0) return theme + notification + js + COPY_CODE;
  const map = Object.fromEntries(redirects.map((r) => [r.from, r.to]));
  const redirect = `(function(){var r=${JSON.stringify(map).replace(/</g, "\\u003c")};function go(){var t=r[location.pathname+location.hash];if(t)location.replace(t+location.hash)}go();addEventListener("hashchange",go)})();`;
  return theme + notification + js + COPY_CODE + redirect;
}
