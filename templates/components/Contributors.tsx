import { useMessages } from "../site-chrome.ts";
import type { PageMessages } from "../../src/shared/messages/index.ts";
import type { Contributor } from "../../src/shared/page-data.ts";

/** Heading of the contributors grid: singular for one contributor, plural otherwise. */
export function contributorsHeading(count: number, messages: Pick<PageMessages, "page.contributor" | "page.contributors">): string {
  return count === 1 ? messages["page.contributor"] : messages["page.contributors"];
}

/** The contributors grid: 45px avatars loaded lazily from the code host at size 90. */
export function Contributors({ contributors }: { contributors: readonly Contributor[] }) {
  const t = useMessages();
  if (contributors.length === 0) return null;
  return (
    <section className="contributors" aria-labelledby="contributors-heading">
      <h2 id="contributors-heading">{contributorsHeading(contributors.length, t)}</h2>
      <ul>
        {contributors.map((c) => (
          <li key={c.handle}>
            <a href={`https://github.com/${c.handle}`} title={c.name} rel="noopener noreferrer">
              <img src={`https://github.com/${c.handle}.png?size=90`} alt={c.name} width={45} height={45} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
