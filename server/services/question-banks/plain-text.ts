/**
 * Text from another system's question as Zalik stores it: plain text with line breaks, TeX between
 * `\( … \)` or `\[ … \]`, never HTML. Tags go (their text stays), a paragraph, a heading, a list item,
 * a table row and `<br>` end a line, entities are read, a run of spaces (no-break ones too) is one space, at most one
 * empty line stands between paragraphs, and control characters other than the line break go (a file
 * may hold them; a Zalik text may not). Moodle's `$$ … $$` is display TeX, written `\[ … \]` here.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  times: '×',
  divide: '÷',
  minus: '−',
  plusmn: '±',
  deg: '°',
  le: '≤',
  ge: '≥',
  ne: '≠',
  middot: '·',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  euro: '€',
  copy: '©',
};

/** `&amp;`, `&#8211;`, `&#x2013;` and the named entities above as characters; an unknown one as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,10});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const LINE_ENDING_TAGS = /^(?:br|p|div|li|tr|h[1-6]|pre|blockquote|ul|ol|table|section|article|hr|dd|dt)$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Plain text after the rules above; `html` false for a format whose text is plain already. */
export function plainText(source: string, html = true): string {
  let text = source.replace(/\r\n?/g, '\n');
  if (html) {
    text = text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/\n/g, ' ')
      .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, name: string) => (LINE_ENDING_TAGS.test(name) ? '\n' : ''))
      .replace(/<[^>]*>/g, '');
    text = decodeEntities(text);
  }
  text = text
    .replace(LONE_SURROGATES, '\uFFFD')
    .replace(/\t/g, ' ')
    .replace(CONTROL_BUT_LINE_BREAK, '')
    .replace(/\$\$([\s\S]+?)\$\$/g, (_m, tex: string) => `\\[${tex.trim()}\\]`);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface HtmlImage {
  /** The `src` as written (`@@PLUGINFILE@@/apple.png`, `images/apple.png`, `data:image/png;base64,…`). */
  src: string;
  alt: string;
}

/** The `<img>` tags of an HTML text, in order. */
export function imagesIn(html: string): HtmlImage[] {
  const found: HtmlImage[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    const src = attribute('src');
    if (src) found.push({ src: decodeEntities(src), alt: plainText(decodeEntities(attribute('alt') ?? ''), false) });
  }
  return found;
}
