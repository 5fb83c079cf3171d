/**
 * How the search splits text into words, the same when the index is built
 * and when a query is typed. Words of alphabetic scripts are the runs
 * between separators, and a camelCase identifier is a word whole and by its
 * parts. Chinese, Japanese and Korean write words without spaces between
 * them, so a run of their characters is split into words by `Intl.Segmenter`.
 */

/** Splits on anything but letters, digits and `_`/`$`, so `optimization.splitChunks` gives both words. */
const TOKEN_SEPARATOR = /[^\p{L}\p{N}_$]+/u;

/** Where a camelCase word splits: `watchOptions` → `watch`, `Options`. */
const CAMEL_BOUNDARY = /(?<=[a-z\d])(?=[A-Z])/;

/** A character of the scripts written without spaces between words (and Korean, whose spaced words carry their particles). */
const CJK_CHARACTER = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;

/** Runs of CJK characters and runs of anything else, in order. */
const CJK_RUNS = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+|[^\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+/gu;

/** The languages whose words `Intl.Segmenter` is told the language of (by primary subtag). */
const SEGMENTED_LANGUAGES = new Set(["zh", "ja", "ko"]);

/** True when a term is of the CJK scripts: it starts with one of their characters (the tokenizer never mixes scripts in a term). */
export function isCjkTerm(term: string): boolean {
  return CJK_CHARACTER.test(term.slice(0, 2));
}

/**
 * The locale an index's CJK text is segmented with: the site's language
 * when it is Chinese, Japanese or Korean (`zh-Hant` stays `zh-Hant`), else
 * undefined, and the locale of each run is then told by its script.
 */
export function segmenterLocale(language: string | undefined): string | undefined {
  return language && SEGMENTED_LANGUAGES.has(language.split("-")[0].toLowerCase()) ? language : undefined;
}

/** The locale a run of CJK text is most likely in, by its script, for text outside a CJK site. */
function scriptLocale(run: string): string {
  if (/\p{scx=Hangul}/u.test(run)) return "ko";
  return /[\p{scx=Hiragana}\p{scx=Katakana}]/u.test(run) ? "ja" : "zh";
}

/** One segmenter per locale, made when first needed. */
const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: "word" })));
  return segmenter;
}

/**
 * The words of a run of CJK characters. The segmenter's dictionary knows
 * many words only in one form: it gives `缓存` (cache) and `模块` (module) as
 * single characters, the same in Node and in Chromium. A single character
 * is too vague to index, so each run of single-character segments is
 * indexed by its pairs of neighbours: `构|建|缓|存` gives `构建`, `建缓`,
 * `缓存`. A query is split the same way, so `缓存` finds `构建缓存`.
 */
function cjkWords(run: string, locale: string): string[] {
  const words: string[] = [];
  let singles: string[] = [];
  const flush = () => {
    if (singles.length === 1) words.push(singles[0]);
    for (let i = 0; i + 1 < singles.length; i++) words.push(singles[i] + singles[i + 1]);
    singles = [];
  };
  for (const { segment, isWordLike } of segmenterFor(locale).segment(run)) {
    if (!isWordLike) {
      flush();
    } else if ([...segment].length === 1) {
      singles.push(segment);
    } else {
      flush();
      words.push(segment);
    }
  }
  flush();
  return words;
}

/** A word of alphabetic script, then its camelCase parts when it is an identifier with a lower-case first letter. */
function pushAlphabetic(words: string[], word: string): void {
  words.push(word);
  if (!/^[a-z]/.test(word)) return;
  const parts = word.split(CAMEL_BOUNDARY);
  if (parts.length > 1) words.push(...parts);
}

/**
 * A tokenizer for an index whose CJK text is in `locale` (see
 * `segmenterLocale`; undefined tells each run's locale by its script).
 * Splits text into words; a camelCase identifier (lower-case first letter,
 * like `watchOptions`) is a word whole and by its parts, so `watch options`
 * finds it. Capitalised names (`TypeScript`, `WebAssembly`) stay whole. A
 * run of CJK characters goes through the segmenter (see `cjkWords`), so
 * `webpack配置` gives `webpack` and `配置`.
 *
 * Empty strings between separators are kept on purpose: MiniSearch counts
 * every token in a field's length, and BM25 divides by the average length.
 * Only a page's first section carries the title, so without them the
 * average title length falls to about 0.1 and a page-title match scores a
 * fifth of what it should (measured: `entry points` ranked the Entry Points
 * page fourth instead of first). They are dropped by the term processing.
 */
export function makeTokenizer(locale?: string): (text: string) => string[] {
  return (text) => {
    const words: string[] = [];
    for (const word of text.split(TOKEN_SEPARATOR)) {
      if (!CJK_CHARACTER.test(word)) {
        pushAlphabetic(words, word);
        continue;
      }
      for (const [run] of word.matchAll(CJK_RUNS)) {
        if (CJK_CHARACTER.test(run)) words.push(...cjkWords(run, locale ?? scriptLocale(run)));
        else pushAlphabetic(words, run);
      }
    }
    return words;
  };
}
