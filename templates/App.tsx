import { useEffect } from "react";
import { ownTitle, type PageData } from "../src/shared/page-data.ts";
import { Content, type Body } from "./components/Content.tsx";
import { Offline } from "./components/Offline.tsx";
import { BlogList } from "./components/BlogList.tsx";
import { DocPage } from "./components/DocPage.tsx";
import { Landing } from "./components/Landing.tsx";
import { Layout } from "./components/Layout.tsx";
import { NotFound } from "./components/NotFound.tsx";
import { SectionIndex } from "./components/SectionIndex.tsx";
import { VotePage } from "./components/VotePage.tsx";

/** The whole page for one route; the same component renders on the server and hydrates in the browser. */
export function App({ data, body }: { data: PageData; body: Body }) {
  // Effects run only in the browser, once hydration has attached; tests and tools wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Layout data={data}>{body.status === "offline" ? <Offline /> : screen(data, body)}</Layout>;
}

function screen(data: PageData, body: Body) {
  switch (data.kind) {
    case "landing":
      return <Landing words={data.hero.words} body={body} sponsors={data.sponsors} />;
    case "doc":
      return <DocPage page={data.page} body={body} after={data.posts.length ? <BlogList posts={data.posts} /> : null} />;
    case "section":
      return data.posts.length ? (
        <article className="doc-page">
          <h1>{ownTitle(data)}</h1>
          <BlogList posts={data.posts} />
        </article>
      ) : (
        <SectionIndex title={ownTitle(data)} pages={data.children} />
      );
    case "printable":
      return (
        <article className="doc-page printable">
          <h1>{ownTitle(data)}</h1>
          <Content body={body} />
        </article>
      );
    case "vote":
      return <VotePage topics={data.vote.topics} stylesheet={data.vote.stylesheet} messages={data.vote.messages} />;
    case "not-found":
      return <NotFound />;
    case "app-shell":
      return null;
  }
}
