import { SERVICE_WORKER_PATH } from "../src/shared/constants.ts";

/**
 * Registers the service worker of the site at `base`. When a new worker takes control the page
 * reloads once, so it never mixes old and new assets; a waiting worker only
 * logs a message.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer, base = "/"): Promise<void> {
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  try {
    // Its scope is the folder it is in: the site's, under its base path.
    const registration = await container.register(`${base}${SERVICE_WORKER_PATH}`);
    const waiting = () => console.info("docs-build: a new version of the site is waiting; it takes over when every tab of the site is closed.");
    if (registration.waiting && container.controller) waiting();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && container.controller) waiting();
      });
    });
  } catch (error) {
    console.warn("docs-build: service worker registration failed", error);
  }
}
