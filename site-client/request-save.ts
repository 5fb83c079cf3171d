import { SAVE_CONTENT_MESSAGE, type SaveResult } from "../src/shared/offline-content.ts";

/** True when the reader's connection asks to save data (the Network Information API's `saveData`, where the browser has it). */
function savesData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

/**
 * Asks the active service worker to save content for offline reading around
 * `page`, a page's URL as the build names it (the whole site, or the page's
 * section when the site is over the budget),
 * unless the connection saves data. The outcome is marked on the root
 * element as `data-offline-content`: `site` or `section` once saved,
 * `incomplete` when some file could not be fetched, `failed`, or `save-data`
 * when nothing was asked.
 */
export async function requestSave(container: ServiceWorkerContainer, page: string): Promise<void> {
  const mark = (state: string) => {
    document.documentElement.dataset.offlineContent = state;
  };
  if (savesData()) return mark("save-data");
  const worker = (await container.ready).active;
  if (!worker) return;
  const channel = new MessageChannel();
  const answer = new Promise<SaveResult | null>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<SaveResult | null>) => resolve(event.data);
  });
  worker.postMessage({ type: SAVE_CONTENT_MESSAGE, page }, [channel.port2]);
  const result = await answer;
  channel.port1.close();
  mark(!result ? "failed" : result.complete ? result.scope : "incomplete");
}
