import fs, { type FSWatcher } from "node:fs";
import path from "node:path";

/** What a folder watcher tells its listener. */
export interface TreeListener {
  /** A path (relative to the watched folder) changed: a file written, made, removed or renamed, or a folder made, removed or renamed (named itself, not its files). */
  changed(relative: string): void;
  /** Changes may have gone unheard (a folder that could not be watched, a watcher's error, the watched folder itself replaced). */
  missed(): void;
}

/** A folder's watcher and the folder it was opened on, which a folder made again under the same name is not. */
interface Watched {
  watcher: FSWatcher;
  ino: number;
}

const inodeOf = (folder: string) => fs.statSync(folder, { throwIfNoEntry: false })?.ino;

/**
 * Watches a folder and every folder below it, one watcher a folder, and tells
 * the listener of each changed path. A change to a file is heard however it
 * was made: written in place, replaced by a rename (editors' atomic saves),
 * removed and made again (git checkout). Node's recursive watching on Linux
 * watches each file by itself and stops hearing of a file once it has been
 * replaced, and of a folder's files once a folder whose name begins with the
 * same letters is removed. A folder that appears, goes or is renamed is
 * reported by its own path, not its files', and the watchers follow it.
 */
export function watchTree(root: string, listener: TreeListener): { close(): void } {
  const watched = new Map<string, Watched>();
  let closed = false;
  const unwatch = (folder: string) => {
    for (const [dir, { watcher }] of watched)
      if (dir === folder || dir.startsWith(`${folder}${path.sep}`)) {
        watcher.close();
        watched.delete(dir);
      }
  };
  const watch = (folder: string) => {
    if (closed) return;
    let entries: fs.Dirent[];
    try {
      const ino = inodeOf(folder);
      if (ino === undefined) return;
      const watcher = fs.watch(folder, (_event, name) => onEvent(folder, name === null ? null : String(name)));
      watcher.on("error", () => {
        unwatch(folder);
        listener.missed();
      });
      watched.set(folder, { watcher, ino });
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      // A folder gone before it could be read is reported by its parent; one that cannot be watched leaves changes unheard.
      if (inodeOf(folder) !== undefined) listener.missed();
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) watch(path.join(folder, entry.name));
  };
  const onEvent = (folder: string, name: string | null) => {
    // Without a name an event says only that something in the folder changed; the watched folder itself replaced leaves every watcher on the old one.
    if (name === null || (folder === root && inodeOf(root) !== watched.get(root)?.ino)) listener.missed();
    const full = name === null ? folder : path.join(folder, name);
    listener.changed(path.relative(root, full));
    // A folder removed or renamed away takes its watchers along; one made, moved in, or made again under an old name gets its own.
    // Links are not followed: what a link leads to is not watched, and the link itself is reported when it changes.
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    const known = watched.get(full);
    if (known && known.ino === stat?.ino) return;
    if (known) unwatch(full);
    if (stat?.isDirectory()) watch(full);
  };
  watch(root);
  return {
    close() {
      closed = true;
      for (const { watcher } of watched.values()) watcher.close();
      watched.clear();
    },
  };
}
