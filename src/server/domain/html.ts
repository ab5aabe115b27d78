/**
 * Server-side HTML sanitizing for news articles and company texts with
 * sanitize-html: a small allow-list of text and layout tags, links only to https and mailto
 * (opened in a new tab without referrer or opener), images only from https or same-origin
 * paths, no styles, scripts, event handlers or frames.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'code', 'pre', 'span', 'small', 'sup', 'sub'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    h1: 'h2',
  },
  // Images only from https or same-origin absolute paths (sanitize-html lets relative URLs through).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https:\/\/|\/(?!\/))/.test(frame.attribs.src ?? ''),
};

/**
 * Returns HTML that is safe to insert into the page.
 * @param html untrusted HTML (operator input, stored content).
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
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
