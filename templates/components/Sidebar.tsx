import type { SidebarItem } from "../../src/shared/page-data.ts";

/** Groups consecutive sidebar items by their `group`, keeping order. */
export function groupItems(items: readonly SidebarItem[]): Array<{ group: string; items: SidebarItem[] }> {
  const groups: Array<{ group: string; items: SidebarItem[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

/**
 * The left sidebar: the pages of the current section, grouped, each with its
 * level 2 and 3 anchors. The current page's item is open and marked current.
 */
export function Sidebar({ items, url }: { items: readonly SidebarItem[]; url: string }) {
  if (items.length === 0) return null;
  return (
    <nav className="sidebar" aria-label="Section pages">
      {groupItems(items).map(({ group, items: groupPages }, i) => (
        <div className="sidebar-group" key={`${group}-${i}`}>
          {group ? <h2 className="sidebar-group-title">{group}</h2> : null}
          <ul>
            {groupPages.map((item) => {
              const current = item.url === url;
              const anchors = item.anchors.filter((a) => a.level === 2 || a.level === 3);
              return (
                <li key={item.url} className={current ? "sidebar-item current" : "sidebar-item"}>
                  <details open={current}>
                    <summary>
                      <a href={item.url} aria-current={current ? "page" : undefined}>
                        {item.title}
                      </a>
                    </summary>
                    {anchors.length ? (
                      <ul className="sidebar-anchors">
                        {anchors.map((anchor) => (
                          <li key={anchor.id} className={`level-${anchor.level}`}>
                            <a href={`${item.url}#${anchor.id}`}>{anchor.title}</a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </details>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
