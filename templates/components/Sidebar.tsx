import { useEffect, useState } from "react";
import type { SidebarItem as Item } from "../../src/shared/page-data.ts";

/** Groups consecutive sidebar items by their `group`, keeping order. */
export function groupItems(items: readonly Item[]): Array<{ group: string; items: Item[] }> {
  const groups: Array<{ group: string; items: Item[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

/** The id of an item's anchor list, for aria-controls. */
function listId(url: string, prefix: string): string {
  return `${prefix}-anchors${url.replace(/[^a-z0-9]+/gi, "-")}`;
}

/**
 * One page of the sidebar: its link, and a button that opens or closes its
 * anchors of levels 2 and 3. It opens by itself when it becomes the current page.
 */
export function SidebarItem({ item, current, prefix }: { item: Item; current: boolean; prefix: string }) {
  const [open, setOpen] = useState(current);
  useEffect(() => {
    if (current) setOpen(true);
  }, [current]);
  const anchors = item.anchors.filter((a) => a.level === 2 || a.level === 3);
  const id = listId(item.url, prefix);
  return (
    <li className={`sidebar-item${current ? " current" : ""}${open ? " open" : ""}`}>
      <div className="sidebar-item-head">
        <a href={item.url} aria-current={current ? "page" : undefined}>
          {item.title}
        </a>
        {anchors.length ? (
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={`${open ? "Hide" : "Show"} the sections of ${item.title}`}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">▸</span>
          </button>
        ) : null}
      </div>
      {anchors.length ? (
        <ul className="sidebar-anchors" id={id} hidden={!open}>
          {anchors.map((anchor) => (
            <li key={anchor.id} className={`level-${anchor.level}`}>
              <a href={`${item.url}#${anchor.id}`}>{anchor.title}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The left sidebar: the pages of the current section (its index page first),
 * grouped, each with its anchors. `onNavigate` runs when a link is followed.
 */
export function Sidebar({ items, url, prefix = "sidebar", onNavigate }: { items: readonly Item[]; url: string; prefix?: string; onNavigate?: () => void }) {
  if (items.length === 0) return null;
  return (
    <nav
      className="sidebar"
      aria-label="Section pages"
      onClick={(event) => {
        if ((event.target as Element).closest("a")) onNavigate?.();
      }}
    >
      {groupItems(items).map(({ group, items: groupPages }, i) => (
        <div className="sidebar-group" key={`${group}-${i}`}>
          {group ? <h2 className="sidebar-group-title">{group}</h2> : null}
          <ul>
            {groupPages.map((item) => (
              <SidebarItem key={item.url} item={item} current={item.url === url} prefix={prefix} />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
