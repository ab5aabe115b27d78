/**
 * Server-side HTML sanitizing for content HTML (news articles, company texts) with
 * sanitize-html: a small allow-list of text and layout tags; no styles, forms, frames, objects,
 * scripts or event handlers; images only from https or same-origin paths. Links:
 * - same-origin paths (`/market`, `/newsDetails?id=…`) stay, normalized;
 * - `mailto:` stays;
 * - https links to an origin in `CONTENT_LINK_ORIGINS` stay, opened in a new tab with
 *   `rel="noopener noreferrer"` and the class `external` (the article draws an "external" marker);
 * - any other link (another origin, `javascript:`, `data:`, `http:`, protocol-relative) becomes
 *   plain text: the `<a>` is dropped, its text kept.
 * Content is sanitized when it is written and again when it is read, so HTML stored before a
 * rule existed is served under today's rules.
 */
import sanitizeHtml from 'sanitize-html';

/** The base same-origin links are resolved against (never served; only its origin is compared). */
const SELF = 'https://self.invalid';

/** The attributes of a link after the link rules above, or null to drop the link (text kept). */
function linkAttributes(href: string | undefined, origins: readonly string[], title: string | undefined): Record<string, string> | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href.trim(), `${SELF}/`);
  } catch {
    return null;
  }
  const titled: Record<string, string> = title ? { title } : {};
  if (url.origin === SELF && !/^\s*[\\/]{2}/.test(href)) return { href: `${url.pathname}${url.search}${url.hash}`, ...titled };
  if (url.protocol === 'mailto:') return { href: url.href, ...titled };
  if (url.protocol === 'https:' && origins.includes(url.origin)) {
    return { href: url.href, ...titled, target: '_blank', rel: 'noopener noreferrer', class: 'external' };
  }
  return null;
}

/** The sanitize-html options for a list of allowed link origins. */
function options(origins: readonly string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'code', 'pre', 'span', 'small', 'sup', 'sub'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel', 'class'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
    allowedClasses: { a: ['external'] },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Content of these is dropped with the tag (not kept as text).
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'form', 'select', 'button', 'template'],
    transformTags: {
      a: (tagName, attribs) => {
        const kept = linkAttributes(attribs.href, origins, attribs.title);
        return kept ? { tagName, attribs: kept } : { tagName: 'span', attribs: {} };
      },
      h1: 'h2',
    },
    // Images only from https or same-origin absolute paths (sanitize-html lets relative URLs through).
    exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https:\/\/|\/(?!\/))/.test(frame.attribs.src ?? ''),
  };
}

const cache = new Map<string, sanitizeHtml.IOptions>();

/**
 * Returns HTML that is safe to insert into the page.
 * @param html untrusted HTML (operator input, stored content).
 * @param linkOrigins the https origins links may point to besides this one (`CONTENT_LINK_ORIGINS`).
 */
export function sanitizeArticleHtml(html: string, linkOrigins: readonly string[] = []): string {
  const key = linkOrigins.join(',');
  let opts = cache.get(key);
  if (!opts) cache.set(key, (opts = options(linkOrigins)));
  return sanitizeHtml(html, opts).trim();
}

/** Plain text of HTML (for summaries): every tag removed, whitespace collapsed. */
export function htmlToText(html: string): string {
  // Block boundaries become spaces, so '<p>a</p><p>b</p>' reads 'a b', not 'ab'.
  const spaced = html.replace(/<\/?(p|div|br|h[1-6]|li|ul|ol|blockquote|table|tr|td|th|figure|figcaption|hr|a|img)\b[^>]*>/gi, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/**
 * Whether a link is an in-app route (`/market`, `/marketDetails?symbol=TCS`) or an https URL.
 * Anything else (javascript:, data:, http:) is refused by the operator calls.
 */
export function isSafeLink(link: string): boolean {
  if (/^\/(?!\/)[A-Za-z0-9_\-/?=&%.~]*$/.test(link)) return true;
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether an image URL is https or a same-origin path. */
export function isSafeImageUrl(url: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9_\-/.%]*$/.test(url) || (() => {
    try {
      return new URL(url).protocol === 'https:';
    } catch {
      return false;
    }
  })();
}
