import type { ReactNode } from "react";
import type { PageData } from "../../src/shared/page-data.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { Sidebar } from "./Sidebar.tsx";

/** The shared layout: skip link, header, optional sidebar, main content, footer. */
export function Layout({ data, children }: { data: PageData; children: ReactNode }) {
  const withSidebar = data.sidebar.length > 0;
  return (
    <div className={withSidebar ? "layout with-sidebar" : "layout"}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header site={data.site} url={data.url} />
      <div className="layout-body">
        {withSidebar ? <Sidebar items={data.sidebar} url={data.url} /> : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}
