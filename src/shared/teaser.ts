const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " " };

/** The plain text of this pipeline's HTML: tags (and so links) stripped, basic entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(pre|script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The teaser of a post: the start of its text (code blocks left out), cut at
 * a word boundary within `max` characters, with "…" when it was cut (pure).
 */
export function teaserOf(html: string, max = 200): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.5 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:.]+$/, "")}…`;
}
