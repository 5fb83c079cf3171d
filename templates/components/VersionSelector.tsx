import { useChrome } from "../site-chrome.ts";
/**
 * Where a version's site lives: the default version is this site; another
 * version is the same host prefixed with `v<version>.`, at the same path.
 */
export function versionUrl(options: { baseUrl: string; version: string; defaultVersion: string; path: string }): string {
  if (options.version === options.defaultVersion) return `${options.baseUrl}${options.path}`;
  const url = new URL(options.baseUrl);
  url.hostname = `v${options.version}.${url.hostname}`;
  return `${url.origin}${options.path}`;
}

/** The version selector: 5 (this site) by default; choosing another version goes to that version's site. */
export function VersionSelector({ versions, current, baseUrl, path }: { versions: readonly string[]; current: string; baseUrl: string; path: string }) {
  const { messages: t } = useChrome();
  return (
    <label className="version-selector">
      <span className="sr-only">{t["version.label"]}</span>
      <select
        value={current}
        onChange={(event) => {
          const version = event.target.value;
          if (version !== current) window.location.assign(versionUrl({ baseUrl, version, defaultVersion: current, path }));
        }}
      >
        {versions.map((v) => (
          <option key={v} value={v}>
            v{v}
          </option>
        ))}
      </select>
    </label>
  );
}
