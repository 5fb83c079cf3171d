import { EN } from "../shared/messages/en.ts";
import type { Messages } from "../shared/messages/index.ts";

/** The keys of the interface strings a page's HTML body holds: code blocks' and tables' labels. */
const LABEL_KEYS = ["code.invalid", "code.copyLabel", "table.label", "table.labelHeading", "table.labelNumber", "table.labelNumbered"] as const;

/** The interface strings a page's HTML body holds, in the build's language. */
export type MarkdownLabels = Pick<Messages, (typeof LABEL_KEYS)[number]>;

/** The labels of a body, from a locale's strings (and those alone, so they can key the cached renderers). */
export function markdownLabels(messages: MarkdownLabels): MarkdownLabels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, messages[key]])) as MarkdownLabels;
}

/** The English labels, the default of the markdown chain. */
export const ENGLISH_LABELS: MarkdownLabels = markdownLabels(EN);
