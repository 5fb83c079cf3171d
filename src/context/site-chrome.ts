import { ICON_PATHS } from "../shared/constants.ts";
import { namedTexts, pageTexts, type ChromeTexts, type SiteChrome } from "../shared/site-chrome.ts";
import type { Settings } from "./config.ts";

/** The site's texts with its name filled in. */
export function siteTexts(settings: Pick<Settings, "name" | "texts">): ChromeTexts {
  return namedTexts(settings.texts, settings.name);
}

/** The chrome of the site the settings describe (see `SiteChrome`). */
export function siteChrome(settings: Settings): SiteChrome {
  return {
    texts: pageTexts(siteTexts(settings)),
    footer: settings.footer.map((link) => ({ ...link })),
    notification: settings.notification && { ...settings.notification },
    logo: settings.logo ? `/${ICON_PATHS.icon}` : "",
    copyPage: settings.llms,
  };
}
