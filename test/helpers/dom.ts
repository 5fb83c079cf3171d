import { Window } from "happy-dom";
import type { ReactElement } from "react";

const GLOBALS = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "Node",
  "Element",
  "HTMLElement",
  "HTMLIFrameElement",
  "Event",
  "MouseEvent",
  "KeyboardEvent",
  "FocusEvent",
  "TouchEvent",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "MutationObserver",
] as const;

/** A happy-dom window exposed as the browser globals react-dom uses, with helpers to render and act. */
export interface Dom {
  window: Window;
  document: Document;
  /** Renders an element into a fresh container (client rendering, not hydration). */
  render(element: ReactElement): Promise<HTMLElement>;
  /** Runs `work` inside React's act(), so state updates and effects are flushed. */
  act(work: () => unknown): Promise<void>;
  /** Unmounts everything, restores the globals and closes the window. */
  close(): Promise<void>;
}

/**
 * Opens a happy-dom window (no scripts or styles are loaded) and installs it
 * as the global browser objects. Only one may be open at a time.
 */
export async function openDom(options: { url?: string; html?: string } = {}): Promise<Dom> {
  const window = new Window({
    url: options.url ?? "http://127.0.0.1/",
    settings: { disableJavaScriptFileLoading: true, disableJavaScriptEvaluation: true, disableCSSFileLoading: true },
  });
  if (options.html) window.document.write(options.html);
  const saved = new Map<string, unknown>();
  for (const name of GLOBALS) {
    saved.set(name, (globalThis as Record<string, unknown>)[name]);
    Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
  }
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const [{ act }, { createRoot }] = await Promise.all([import("react"), import("react-dom/client")]);
  const roots: Array<{ unmount(): void }> = [];
  const document = window.document as unknown as Document;
  return {
    window,
    document,
    async act(work) {
      await act(async () => {
        await work();
      });
    },
    async render(element) {
      const container = document.createElement("div");
      document.body.appendChild(container);
      const root = createRoot(container);
      roots.push(root);
      await act(async () => root.render(element));
      return container;
    },
    async close() {
      await act(async () => {
        for (const r of roots) r.unmount();
      });
      for (const [name, value] of saved) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
      await window.happyDOM.close();
    },
  };
}
