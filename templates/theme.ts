/** The two themes; light is the default. */
export type Theme = "light" | "dark";

/** The localStorage key the chosen theme is kept under. */
export const THEME_KEY = "theme";

/** Reads the stored theme, falling back to light when none is stored or storage is unavailable. */
export function readTheme(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): Theme {
  try {
    return storage?.getItem(THEME_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Applies a theme to the document and stores it. */
export function applyTheme(theme: Theme, doc: Document = document, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  doc.documentElement.dataset.theme = theme;
  try {
    storage?.setItem(THEME_KEY, theme);
  } catch {
    // Storage can be blocked (private mode); the theme still applies to this page.
  }
}
