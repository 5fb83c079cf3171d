import { EN, namedMessages, pageMessages, type MessageKey, type PageMessages } from "./messages/index.ts";
import type { LinkItem } from "./page-data.ts";

/**
 * What every page of a site shows alike and no page's data carries: the
 * chrome's words that name the project, the footer's links, the notice, the
 * logo and which page tools there are. It comes from the config (see
 * `siteChrome`), reaches the server render through a React context and the
 * browser inside the client bundle (esbuild's `define`), so it costs no page
 * a byte of data.
 */
export interface SiteChrome {
  /** The path the site is served under (`/`, `/docs/`, or a language's `/zh/`), put in front of every site path that leaves for the browser (see `withBase`). */
  base: string;
  /** The language tag of the pages (`<html lang>`, dates and numbers). */
  lang: string;
  /** The writing direction of the pages' language. */
  dir: "ltr" | "rtl";
  /** The interface strings of the pages' language, the site's name filled in: those the pages show (the feeds' and the head's are the server's alone). */
  messages: PageMessages;
  footer: LinkItem[];
  /** The dismissible notice, or null for none. */
  notification: SiteNotification | null;
  /** The logo's image URL, or "" for the built-in drawing, which follows the theme's colours. */
  logo: string;
  /** Whether pages have a markdown copy to put on the clipboard: the Copy page button (off with the llms files). */
  copyPage: boolean;
}

/** The texts of the chrome that a site words its own way; `{name}` stands for the site's name. */
export interface ChromeTexts {
  searchPlaceholder: string;
  /** The version selector's label (for screen readers). */
  versionLabel: string;
  /** The header's icon links, by what they open. */
  codeHostLabel: string;
  socialLabel: string;
  questionsLabel: string;
  /** The vote page's introduction, and its description in search results and link previews. */
  voteIntro: string;
  voteDescription: string;
  /** The blog's description in its RSS and Atom feeds. */
  blogDescription: string;
}

/** The catalogue's key of each of the config's `texts`, which override those strings in the site's default language. */
export const TEXT_KEYS: Readonly<Record<keyof ChromeTexts, MessageKey>> = {
  searchPlaceholder: "search.placeholder",
  versionLabel: "version.label",
  codeHostLabel: "codeHost.label",
  socialLabel: "social.label",
  questionsLabel: "questions.label",
  voteIntro: "vote.intro",
  voteDescription: "vote.description",
  blogDescription: "blog.description",
};

/** A notice shown above every page until dismissed; a new `version` shows it again to readers who dismissed an earlier one. */
export interface SiteNotification {
  /** Plain text; `[words](/path/)` makes a link. */
  text: string;
  version: string;
}

/** The webpack site's footer links, the default of the config's `footer`. */
export const DEFAULT_FOOTER: LinkItem[] = [
  { title: "Get Started", url: "/guides/getting-started/" },
  { title: "Comparison", url: "/comparison/" },
  { title: "Privacy Policy", url: "https://openjsf.org/wp-content/uploads/sites/84/2021/04/OpenJS-Foundation-Privacy-Policy-2019-11-15.pdf" },
  { title: "Swag Store", url: "https://webpack.threadless.com" },
  { title: "Awesome", url: "/awesome-webpack/" },
  { title: "Glossary", url: "/glossary/" },
  { title: "Branding", url: "/branding/" },
  { title: "Gitter", url: "https://gitter.im/webpack/webpack" },
  { title: "Changelog", url: "https://github.com/webpack/webpack/releases" },
  { title: "License", url: "/license/" },
];

/** The webpack site's notice, the default of the config's `notification`. */
export const DEFAULT_NOTIFICATION: SiteNotification = {
  text: "webpack 5 is the current version. Upgrading from 4? Read the [migration guide](/migrate/5/).",
  version: "3",
};

/** The webpack site's chrome: what the templates show when no build provided one (tests that render a component alone). */
export const DEFAULT_CHROME: SiteChrome = {
  base: "/",
  lang: "en",
  dir: "ltr",
  messages: /* @__PURE__ */ pageMessages(/* @__PURE__ */ namedMessages(EN, "webpack")),
  footer: DEFAULT_FOOTER,
  notification: DEFAULT_NOTIFICATION,
  logo: "",
  copyPage: true,
};
