import type { SiteSearch } from "../../src/shared/page-data.ts";
import type { SearchBackend, SearchResult, TextPiece } from "../../src/shared/search/results.ts";
import type { SearchRoot } from "../../src/shared/search/split-format.ts";
import { SplitSearcher } from "../../src/shared/search/split-searcher.ts";

/** Results shown at most. */
const RESULT_LIMIT = 12;

/** Fetches a JSON file of the index; a failure says which and how. */
async function fetchJson(url: string, started?: Promise<Response>): Promise<unknown> {
  const response = await (started ?? fetch(url));
  if (!response.ok) throw new Error(`The search index could not be loaded (HTTP ${response.status}).`);
  return response.json();
}

/**
 * The built-in search over the split index: the root is loaded once (again
 * after a failure), and the searcher fetches the parts each query needs from
 * the site root, which the service worker caches as they arrive.
 */
function localBackend(indexUrl: string, started?: Promise<Response>): SearchBackend {
  let searcher: Promise<SplitSearcher> | undefined;
  let pending = started;
  const base = new URL(".", new URL(indexUrl, window.location.href)).href;
  const load = () =>
    (searcher ??= fetchJson(indexUrl, pending)
      .then((root) => new SplitSearcher(root as SearchRoot, (path) => fetchJson(new URL(path, base).href)))
      .catch((error: unknown) => {
        searcher = undefined;
        pending = undefined;
        throw error;
      }));
  void load().catch(() => undefined);
  return {
    async search(query) {
      const searcher = await load();
      try {
        return await searcher.search(query, RESULT_LIMIT);
      } catch (error) {
        // Offline, with parts this query needs never loaded: page titles and headings still answer.
        const titles = await searcher.searchTitles(query, RESULT_LIMIT).catch(() => undefined);
        if (titles?.length) return titles;
        throw error;
      }
    },
  };
}

/** A DocSearch hit, as the hosted service returns it. */
export interface DocSearchHit {
  url: string;
  hierarchy: Record<string, string | null>;
  content?: string | null;
  _snippetResult?: { content?: { value: string } };
}

const MARK = /<mark>([\s\S]*?)<\/mark>/g;

/** Decodes the few entities the service escapes in highlighted text. */
function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Splits the service's `<mark>`-highlighted text into pieces; nothing of it is used as HTML. */
export function markedPieces(value: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const m of value.matchAll(MARK)) {
    if (m.index > at) pieces.push({ text: decode(value.slice(at, m.index)), match: false });
    pieces.push({ text: decode(m[1]), match: true });
    at = m.index + m[0].length;
  }
  if (at < value.length) pieces.push({ text: decode(value.slice(at)), match: false });
  return pieces;
}

/** Makes a result URL relative to the site: path, query and hash, whatever host the service recorded. */
export function relativeUrl(url: string): string {
  try {
    const parsed = new URL(url, "https://site.invalid");
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/** Turns DocSearch hits into the box's results: level 0 is the group, level 1 the page, deeper levels the heading path. */
export function fromDocSearch(hits: readonly DocSearchHit[]): SearchResult[] {
  return hits.map((hit, i) => {
    const levels = ["lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"].map((k) => hit.hierarchy[k]).filter((v): v is string => Boolean(v));
    return {
      url: relativeUrl(hit.url),
      title: decode(levels[0] ?? hit.hierarchy.lvl0 ?? ""),
      headings: levels.slice(1).map(decode),
      snippet: hit._snippetResult?.content?.value ? markedPieces(hit._snippetResult.content.value) : [],
      section: decode(hit.hierarchy.lvl0 ?? "Documentation"),
      score: hits.length - i,
    };
  });
}

function docSearchBackend(config: Extract<SiteSearch, { provider: "docsearch" }>): SearchBackend {
  const endpoint = `https://${config.appId.toLowerCase()}-dsn.algolia.net/1/indexes/${encodeURIComponent(config.indexName)}/query`;
  return {
    async search(query) {
      if (query.trim() === "") return [];
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "x-algolia-application-id": config.appId, "x-algolia-api-key": config.apiKey, "content-type": "application/json" },
        body: JSON.stringify({
          query,
          hitsPerPage: RESULT_LIMIT,
          attributesToRetrieve: ["hierarchy", "url", "content"],
          attributesToSnippet: ["content:20"],
          snippetEllipsisText: "…",
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
          enablePersonalization: false,
          clickAnalytics: false,
        }),
      });
      if (!response.ok) throw new Error(`The search service answered HTTP ${response.status}.`);
      const data = (await response.json()) as { hits?: DocSearchHit[] };
      return fromDocSearch(data.hits ?? []);
    },
  };
}

/**
 * The backend the site is configured for. `indexRequest` is the built-in
 * index's fetch when the caller started it already (in parallel with loading
 * this chunk).
 */
export function createBackend(config: SiteSearch, indexRequest?: Promise<Response>): SearchBackend {
  return config.provider === "docsearch" ? docSearchBackend(config) : localBackend(config.indexUrl, indexRequest);
}
