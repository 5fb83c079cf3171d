import { EN } from "../shared/messages/en.ts";
import { BODY_LABEL_KEYS, type Messages } from "../shared/messages/index.ts";

/** The keys of the interface strings a page's HTML body holds: code blocks', tables' and asides' labels. */
const LABEL_KEYS = BODY_LABEL_KEYS;

/** The interface strings a page's HTML body holds, in the build's language. */
export type MarkdownLabels = Pick<Messages, (typeof LABEL_KEYS)[number]>;

/** The labels of a body, from a locale's strings (and those alone, so they can key the cached renderers). */
export function markdownLabels(messages: MarkdownLabels): MarkdownLabels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, messages[key]])) as MarkdownLabels;
}

/** The label key of each aside's English label, as the markdown's asides are labelled (see `remarkAsides`). */
export const ASIDE_LABEL_KEYS: Readonly<Record<string, MarkdownLabelKey>> = {
  Tip: "aside.tip",
  Warning: "aside.warning",
  Todo: "aside.todo",
  Note: "aside.note",
  Important: "aside.important",
  Caution: "aside.caution",
};

/** One key of the body's labels. */
export type MarkdownLabelKey = (typeof LABEL_KEYS)[number];

/** The English labels, the default of the markdown chain. */
export const ENGLISH_LABELS: MarkdownLabels = markdownLabels(EN);
