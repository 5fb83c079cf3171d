import { useMessages } from "../site-chrome.ts";
import { useRef, useState, type ReactNode } from "react";
import type { PageData } from "../../src/shared/page-data.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { MobileSidebar } from "./MobileSidebar.tsx";
import { Notification } from "./Notification.tsx";
import { outlineOf, PageOutline } from "./PageOutline.tsx";
import { Sidebar } from "./Sidebar.tsx";

/** The shared layout: skip link, notification, header, slide-out menu, sidebar, main content, the page's outline on documentation pages, footer. */
export function Layout({ data, children }: { data: PageData; children: ReactNode }) {
  const t = useMessages();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const withSidebar = data.sidebar.length > 0;
  // The not-found page is served at every missing path, so its own "/404/" is no address to send readers to:
  // its language and version links lead to the home pages instead.
  const headerUrl = data.kind === "not-found" ? "/" : data.url;
  // A page only this language has leads the languages that lack it to their home pages.
  const homeIn = data.kind === "doc" ? data.page.missingIn : [];
  const outline = outlineOf(data);
  return (
    <div className={withSidebar ? "layout with-sidebar" : "layout"}>
      <a className="skip-link" href="#main">
        {t["skip.content"]}
      </a>
      <Notification />
      <Header site={data.site} url={headerUrl} homeIn={homeIn} hasSidebar={withSidebar} menuOpen={menuOpen} onMenu={setMenuOpen} menuButton={menuButton} />
      <MobileSidebar
        items={data.sidebar}
        url={data.url}
        anchorsUrl={data.sidebarAnchors}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        header={{ site: data.site, url: headerUrl, homeIn }}
        opener={menuButton}
      />
      <div className="layout-body">
        {withSidebar ? <Sidebar items={data.sidebar} url={data.url} anchorsUrl={data.sidebarAnchors} /> : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {outline.length > 0 ? <PageOutline anchors={outline} /> : null}
      </div>
      <Footer />
    </div>
  );
}
