import { NOTIFICATION_KEY } from "./components/Notification.tsx";
import { PRINT_QUERY } from "../src/shared/urls.ts";
import { THEME_KEY } from "./theme.ts";

/** A redirect the server cannot see: a page's old anchor that now lives on another page. */
export interface HashRedirect {
  /** Path and hash, such as `/configuration/other-options/#cache`. */
  from: string;
  /** The page it moved to; the hash is kept. */
  to: string;
}

// One delegated click handler for both copy buttons; `w` shows the outcome in the button's polite live
// region for three seconds. A code block's code is its text without shell prompts (`.t-pr`) and option tooltips (`.opt-tip`); a diff of a
// change (`data-diff`) is the code it leads to: removed lines dropped, the one-column `+` or space marker
// taken off (as `resultingCode` in src/markdown/diff-lines.ts). The code is written at once, within the
// click, as some browsers require; "Copy page" first fetches the page's markdown (`data-markdown`).
const COPY_PAGE = `if(f=b.closest(".copy-page-button"))return w(f.parentNode.querySelector(".copy-page-status"),fetch(f.dataset.markdown).then(function(r){if(!r.ok)throw r.status;return r.text()}).then(k));`;
const copy = (page: boolean, said: CopyTexts) =>
  `function k(t){return navigator.clipboard?navigator.clipboard.writeText(t):Promise.reject()}function w(s,p){s.textContent="";p.then(function(){s.textContent=${JSON.stringify(said.copied)}},function(){s.textContent=${JSON.stringify(said.failed)}});clearTimeout(s.t);s.t=setTimeout(function(){s.textContent=""},3000)}document.addEventListener("click",function(e){var b=e.target,f,c,t;if(!b.closest)return;${page ? COPY_PAGE : ""}if(!(b=b.closest(".code-copy")))return;f=b.parentNode;c=f.querySelector("pre").cloneNode(true);c.querySelectorAll(".t-pr,.opt-tip").forEach(function(p){p.remove()});t=c.textContent;if(f.hasAttribute("data-diff"))t=t.split("\\n").filter(function(l){return l[0]!="-"}).map(function(l){return l.replace(/^[+ ]/,"")}).join("\\n");w(f.querySelector(".code-status"),k(t))});`;

// On a printable page opened with `?print` (the "Print this page" link), the query is taken off the
// address at once, so a reload or a later visit through the history finds none, and the print dialog
// opens once the page has loaded; only for a navigation of its own, so not on a reload or back and forward.
const PRINT = `(function(){var u=new URL(location.href),n;if(!u.searchParams.has(${JSON.stringify(PRINT_QUERY)}))return;u.searchParams.delete(${JSON.stringify(PRINT_QUERY)});history.replaceState(history.state,"",u.href);n=performance.getEntriesByType("navigation")[0];if(!n||n.type==="navigate")addEventListener("load",function(){print()})})();`;

// Escape hides the tooltip of a configuration example's key that is hovered or focused (WCAG 1.4.13: dismissible
// without moving the pointer or the focus); it shows again once the pointer or the focus has left the key.
const DISMISS_TIP = `document.addEventListener("keydown",function(e){if(e.key=="Escape")document.querySelectorAll("a.opt:hover,a.opt:focus").forEach(function(a){var t=a.nextElementSibling;function s(){t.hidden=false}t.hidden=true;a.addEventListener("blur",s,{once:true});a.addEventListener("mouseleave",s,{once:true})})});`;

/** What the copy buttons' live regions say once the copy is done, or has failed. */
interface CopyTexts {
  copied: string;
  failed: string;
}

/** Options of {@link bootScript}. */
export interface BootScriptOptions {
  /** Hash redirects that start on this page. */
  redirects: readonly HashRedirect[];
  /** The site notice's version, whose dismissal the script marks; null without a notice. */
  notificationVersion: string | null;
  /** The site has the "Copy page" button (`llms`): handle it. */
  copyPage?: boolean;
  /** The page is a printable page: open the print dialog when it is reached with `?print`. */
  print?: boolean;
  /** The copy buttons' outcomes, in the page's language; default English. */
  said?: CopyTexts;
}

/**
 * The small script inlined at the top of <head>, run before first paint:
 * applies the stored theme (no flash of the wrong theme), marks a dismissed
 * notification so CSS hides it, sets `data-js` where the client bundle (an ES
 * module) will run so CSS can lay out the page as it will be once hydrated,
 * follows hash redirects of this page (also when the hash changes later),
 * copies a code block when its copy button is pressed and the page's
 * markdown when "Copy page" is (on sites that have it), and on a printable
 * page opens the print dialog when asked to (`?print`). The copy handler is
 * delegated from `document`, so it serves every button, those a client-side
 * navigation brings included, before and without the client bundle.
 */
export function bootScript({
  redirects,
  notificationVersion,
  copyPage = false,
  print = false,
  said = { copied: "Copied", failed: "Copy failed" },
}: BootScriptOptions): string {
  const theme = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(THEME_KEY)})==="dark"?"dark":"light"}catch(e){document.documentElement.dataset.theme="light"}`;
  const notification =
    notificationVersion === null
      ? ""
      : `try{if(localStorage.getItem(${JSON.stringify(NOTIFICATION_KEY)})===${JSON.stringify(notificationVersion)})document.documentElement.dataset.notificationDismissed="true"}catch(e){}`;
  // Browsers that know `noModule` run module scripts; elsewhere the page keeps its no-JavaScript layout.
  const js = `if("noModule"in HTMLScriptElement.prototype)document.documentElement.dataset.js="true";`;
  const head = theme + notification + js + copy(copyPage, said) + DISMISS_TIP + (print ? PRINT : "");
  if (redirects.length === 0) return head;
  const map = Object.fromEntries(redirects.map((r) => [r.from, r.to]));
  const redirect = `(function(){var r=${JSON.stringify(map).replace(/</g, "\\u003c")};function go(){var t=r[location.pathname+location.hash];if(t)location.replace(t+location.hash)}go();addEventListener("hashchange",go)})();`;
  return head + redirect;
}
