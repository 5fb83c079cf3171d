import type { PageData } from "../src/shared/page-data.ts";
import { App } from "../templates/App.tsx";
import { ClientFeaturesContext, type ClientFeatures } from "../templates/client-features.ts";
import type { Body } from "../templates/components/Content.tsx";
import { watchHeadings } from "./outline.ts";
import { loadSearch } from "./search/load-search.ts";
import { loadVoteApp } from "./vote/load-vote-app.ts";

/** What the browser gives the templates: the search backend and the vote board, each loaded on demand, and the outline's heading watcher. */
export const BROWSER_FEATURES: ClientFeatures = { loadSearch, loadVoteApp, watchHeadings };

/**
 * The app as the browser renders it: the templates' App with the client's
 * features. The provider adds no markup, so hydration sees the server's HTML.
 */
export function ClientApp({ data, body }: { data: PageData; body: Body }) {
  return (
    <ClientFeaturesContext value={BROWSER_FEATURES}>
      <App data={data} body={body} />
    </ClientFeaturesContext>
  );
}
