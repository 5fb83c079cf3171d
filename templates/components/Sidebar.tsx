import { formatCount, formatMessage } from "../../src/shared/messages/format.ts";
import { useChrome, useHref, useMessages } from "../site-chrome.ts";
import { useEffect, useState } from "react";
import type { SidebarItem as Item } from "../../src/shared/page-data.ts";
import { useItemAnchors } from "../hooks/use-item-anchors.ts";
import { SidebarAnchors } from "./SidebarAnchors.tsx";

/** Groups consecutive sidebar items by their `group`, keeping order. */
function groupItems(items: readonly Item[]): Array<{ group: string; items: Item[] }> {
  const groups: Array<{ group: string; items: Item[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

/** The id of an item's list (its anchors, or a folder's pages), for aria-controls. */
function listId(url: string, prefix: string, kind: "anchors" | "folder" = "anchors"): string {
  return `${prefix}-${kind}${url.replace(/[^a-z0-9]+/gi, "-")}`;
}

/**
 * One page of the sidebar: its link, and a button that opens or closes its
 * anchors of levels 2 and 3. It opens by itself when it becomes the current
 * page. Only the current page's anchors come with the page; another item's
 * are loaded from the anchors file of its group (`anchorsUrl`: the section's
 * own pages', or its folder's) when a reader is about to open it (hover or
 * focus of its toggle) or opens it.
 */
export function SidebarItem({ item, current, prefix, anchorsUrl }: { item: Item; current: boolean; prefix: string; anchorsUrl: string }) {
  const t = useMessages();
  const href = useHref();
  const [open, setOpen] = useState(current);
  const { state, load } = useItemAnchors(item, anchorsUrl);
  useEffect(() => {
    if (current) setOpen(true);
  }, [current]);
  // An item open without its anchors known (its page's own data did not bring them) fetches them.
  useEffect(() => {
    if (open && item.hasAnchors && !state) load();
  });
  const id = listId(item.url, prefix);
  return (
    <li className={`sidebar-item${current ? " current" : ""}${open ? " open" : ""}`}>
      <div className="sidebar-item-head">
        <a href={href(item.url)} aria-current={current ? "page" : undefined}>
          {item.title}
        </a>
        {item.hasAnchors ? (
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={formatMessage(t[open ? "sidebar.hideSections" : "sidebar.showSections"], { title: item.title })}
            onPointerEnter={load}
            onFocus={load}
            onClick={() => {
              if (!open) load();
              setOpen((o) => !o);
            }}
          >
            <span aria-hidden="true">▸</span>
          </button>
        ) : null}
      </div>
      {item.hasAnchors ? <SidebarAnchors id={id} url={item.url} state={state} open={open} /> : null}
    </li>
  );
}

/**
 * A folder nested in the section: a link to the folder's page with its number
 * of pages. On the pages inside it, its pages come with the page and a toggle
 * opens or closes them (open at first); elsewhere it is one collapsed line,
 * and following its link opens it, so a section of thousands of pages in
 * folders never puts all of them on every page. Its pages' anchors come from
 * the folder's own anchors file, never the whole section's.
 */
function SidebarFolder({ item, url, prefix }: { item: Item; url: string; prefix: string }) {
  const { lang, messages: t } = useChrome();
  const href = useHref();
  const inside = url.startsWith(item.url);
  const [open, setOpen] = useState(inside);
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);
  const id = listId(item.url, prefix, "folder");
  const children = item.children;
  return (
    <li className={`sidebar-item sidebar-folder${inside ? " inside" : ""}${children && open ? " open" : ""}`}>
      <div className="sidebar-item-head">
        <a href={href(item.url)}>
          {item.title}
          <span className="sidebar-count">{` (${formatMessage(t[item.pages === 1 ? "sidebar.onePage" : "sidebar.pages"], { count: formatCount(item.pages ?? 0, lang) })})`}</span>
        </a>
        {children ? (
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={formatMessage(t[open ? "sidebar.hidePages" : "sidebar.showPages"], { title: item.title })}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">▸</span>
          </button>
        ) : null}
      </div>
      {children ? (
        <ul className="sidebar-folder-pages" id={id} hidden={!open}>
          {children.map((child) => (
            <SidebarItem key={child.url} item={child} current={child.url === url} prefix={prefix} anchorsUrl={item.anchorsFile ?? ""} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The left sidebar: the pages of the current section (its index page first),
 * grouped, each with its anchors, and its nested folders (see `SidebarFolder`).
 * `anchorsUrl` is the anchors file of the section's own pages.
 */
export function Sidebar({ items, url, anchorsUrl, prefix = "sidebar" }: { items: readonly Item[]; url: string; anchorsUrl: string; prefix?: string }) {
  const t = useMessages();
  if (items.length === 0) return null;
  return (
    <nav className="sidebar" aria-label={t["sidebar.label"]}>
      {groupItems(items).map(({ group, items: groupPages }, i) => (
        <div className="sidebar-group" key={`${group}-${i}`}>
          {group ? <h2 className="sidebar-group-title">{group}</h2> : null}
          <ul>
            {groupPages.map((item) =>
              item.pages === undefined ? (
                <SidebarItem key={item.url} item={item} current={item.url === url} prefix={prefix} anchorsUrl={anchorsUrl} />
              ) : (
                <SidebarFolder key={item.url} item={item} url={url} prefix={prefix} />
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}
