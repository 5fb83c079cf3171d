import { build, type BuildCarry, type BuildLeft, type BuildOptions, type BuildResult, type BuildState } from "../build.ts";
import { createMemoryCache, type MemoryCache } from "../cache/cache.ts";
import type { OutputManifest } from "../output/staging.ts";
import type { PageBodyPlan } from "../stages/render-pages/core.ts";

/**
 * What the dev server keeps across its builds so a rebuild redoes only what
 * changed: a memory cache, the diagnostics already printed, and what the last
 * successful build left (see `BuildLeft`): what it wrote, the page files it
 * found, what each page rendered to, the llms files' parts, and the page plans
 * an edited page is rendered against at once (see `renderEditedPages`).
 */
export class Session {
  readonly memory: MemoryCache;
  /** What the last successful build left; undefined before it. */
  left: BuildLeft | undefined;
  /**
   * The last successful build's plan of each page with a body of its own, by
   * the page's path from the project root (`content/guides/index.md`), for
   * rendering an edited page at once; undefined once they no longer match the
   * content (after a failed build, or an edit that could not be rendered alone).
   */
  plans: Map<string, PageBodyPlan> | undefined;
  readonly #printed = new Set<string>();

  constructor(memory: MemoryCache = createMemoryCache()) {
    this.memory = memory;
  }

  /** What the session hands the next build: its memory, its printed diagnostics, and the state the last build left (not the plans). */
  #carry(): BuildCarry {
    const left = this.left;
    const state: BuildState = left ? { written: left.written, keyed: left.keyed, pages: left.pages, rendered: left.rendered, llms: left.llms } : {};
    return { memory: this.memory, isNew: (text) => !this.#printed.has(text) && Boolean(this.#printed.add(text)), ...state };
  }

  /**
   * Builds with what the builds before left, and keeps what this one leaves.
   * When another build replaced the site the last one wrote, this one cannot
   * patch it: it is built again, writing a whole site.
   */
  async build(options: Omit<BuildOptions, "carry">): Promise<BuildResult> {
    let result = await build({ ...options, carry: this.#carry() });
    if (result.replaced) {
      if (this.left) this.left = { ...this.left, written: undefined, keyed: undefined };
      result = await build({ ...options, carry: this.#carry() });
    }
    this.left = result.left && { ...result.left, plans: [] };
    this.plans = result.left && new Map(result.left.plans.map((plan) => [plan.body.page.entry.path, plan]));
    return result;
  }

  /** Records what edited pages written ahead of the next build (see `renderEditedPages`) made of the site, and their new plans. */
  wrote(written: OutputManifest, plans: readonly PageBodyPlan[]): void {
    if (this.left) this.left = { ...this.left, written };
    for (const plan of plans) this.plans?.set(plan.body.page.entry.path, plan);
  }
}
