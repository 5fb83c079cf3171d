import { useMessages } from "../site-chrome.ts";
import { useEffect, useState } from "react";
import { applyTheme, readTheme, type Theme } from "../theme.ts";

/**
 * Switches between the light (default) and dark theme, persisted under the
 * key `theme`. The first render does not know the stored theme, so both
 * icons are rendered and CSS shows the right one; this keeps hydration exact.
 */
export function ThemeToggle() {
  const t = useMessages();
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(readTheme()), []);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={theme ? t[next === "dark" ? "theme.toDark" : "theme.toLight"] : t["theme.switch"]}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span className="theme-icon-dark" aria-hidden="true">
        ☾
      </span>
      <span className="theme-icon-light" aria-hidden="true">
        ☀
      </span>
    </button>
  );
}
