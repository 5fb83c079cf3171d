/**
 * Text helpers (pure): XML escaping, plain text from a page's body HTML, and
 * the short teaser the blog index and the blog feeds show.
 */

// Control characters, U+FFFE/U+FFFF and lone surrogates are not allowed anywhere in XML 1.0.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the control characters XML 1.0 forbids.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for XML content and attribute values, dropping characters XML 1.0 cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the entities HTML serializers write (`&amp; &lt; &gt; &quot; &#x27; &#39;`, `&nbsp;`, any numeric one) in one pass, so `&amp;lt;` stays `&lt;`. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi, (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? match;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

// A tag, allowing `>` inside quoted attribute values.
const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`;
const TAG = new RegExp(`</?([a-zA-Z][\\w:-]*)${ATTRIBUTES}>`, "g");
// Elements whose text is not prose: scripts, styles, code blocks, and the markers the markdown
// pipeline adds (the "#" self-link of every heading, the "Tip"/"Warning" label of asides).
const NOT_PROSE = new RegExp(
  `<(script|style|template|pre)\\b${ATTRIBUTES}>[\\s\\S]*?</\\1\\s*>|<(a|p|span)\\b(?=[^>]*\\bclass="[^"]*\\b(?:heading-anchor|aside-label|code-label)\\b)${ATTRIBUTES}>[\\s\\S]*?</\\2\\s*>`,
  "gi",
);
// Block elements separate words; inline ones (`<strong>`, `<a>`, `<code>`) do not.
const BLOCK =
  /^(?:address|article|aside|blockquote|br|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|ol|p|pre|section|summary|table|td|th|tr|ul)$/i;

/** The plain text of an HTML fragment: tags stripped (link text kept), entities decoded, whitespace collapsed. */
function plainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(NOT_PROSE, "")
    .replace(TAG, (_tag, name: string) => (BLOCK.test(name) ? " " : ""));
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/**
 * A teaser of a page: the plain text of its body HTML, at most `max`
 * characters (default 200), cut at the last word boundary that fits and
 * ended with "…" when anything was cut.
 */
export function teaserOf(html: string, max = 200): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const space = text.lastIndexOf(" ", max);
  let head = space > 0 ? text.slice(0, space) : text.slice(0, max);
  // A hard cut (one word longer than max) must not split a surrogate pair.
  if (space <= 0 && /[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.replace(/[\s,;:.!?–—-]+$/u, "")}…`;
}
