/**
 * Server-side HTML sanitizing of articles, link rules for banners, and the
 * renderer's market formats and templates.
 */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { htmlToText, isSafeImageUrl, isSafeLink, sanitizeArticleHtml } from '../../src/server/domain/html';
import { formatChange, formatPercent, formatPrice, formatVolume } from '../../renderers/formatters/market';
import { formatValue } from '../../renderers/formatters';
import { bindTemplate, fillRoute, missesQuery } from '../../renderers/data/template';

describe('article HTML sanitizing', () => {
  it('keeps text formatting and removes scripts, handlers, styles and unsafe links', () => {
    const dirty =
      '<h1>Title</h1><p style="color:red" onclick="x()">Hello <b>world</b><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://nse.example/x">good</a><img src="http://x/a.png"><img src="https://x/b.png" onerror="alert(1)">' +
      '<iframe src="https://evil"></iframe><style>p{}</style><svg onload="x()"></svg>';
    const clean = sanitizeArticleHtml(dirty, ['https://nse.example']);
    expect(clean).toBe(
      '<h2>Title</h2><p>Hello <b>world</b></p><span>bad</span><a href="https://nse.example/x" target="_blank" rel="noopener noreferrer" class="external">good</a><img src="https://x/b.png" />',
    );
    expect(htmlToText('<p>A <b>b</b></p>\n<p>c</p>')).toBe('A b c');
  });

  it('keeps links to this origin, mailto and allow-listed origins only; others become their text', () => {
    const html =
      '<p><a href="https://evil.example/pay">Deposit to our new account</a> <a href="//evil.example">a</a> <a href="\\\\evil.example">b</a>' +
      ' <a href="JaVa&#x09;script:alert(1)">c</a> <a href="data:text/html,x">d</a> <a href="http://nse.example/x">e</a>' +
      ' <a href="/marketDetails?symbol=TCS" class="external" onclick="x()">f</a> <a href="mailto:help@nivesh.in">g</a> <a href="https://nse.example/y" rel="opener">h</a></p>' +
      '<form action="/x"><input name="utr"><button>Send</button></form><object data="x.swf"></object><p style="position:fixed">i</p>';
    expect(sanitizeArticleHtml(html)).toBe(
      '<p><span>Deposit to our new account</span> <span>a</span> <span>b</span> <span>c</span> <span>d</span> <span>e</span>' +
        ' <a href="/marketDetails?symbol=TCS">f</a> <a href="mailto:help@nivesh.in">g</a> <span>h</span></p><p>i</p>',
    );
    expect(sanitizeArticleHtml(html, ['https://nse.example'])).toContain('<a href="https://nse.example/y" target="_blank" rel="noopener noreferrer" class="external">h</a>');
  });

  it('accepts in-app routes and https links only', () => {
    expect(isSafeLink('/market')).toBe(true);
    expect(isSafeLink('/marketDetails?symbol=M%26M')).toBe(true);
    expect(isSafeLink('https://example.com/x')).toBe(true);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('http://example.com')).toBe(false);
    expect(isSafeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeImageUrl('/uploads/banner.png')).toBe(true);
  });
});

describe('market formats and templates', () => {
  it('formats prices with two decimals, signed changes and compact volumes', () => {
    expect(formatPrice(2450.5)).toBe('2.450,50');
    expect(formatPrice(1364, 'en-IN')).toBe('1,364.00');
    expect(formatChange(12.3)).toBe('+12,30');
    expect(formatChange(-0.05)).toBe('-0,05');
    expect(formatPercent(1.25)).toMatch(/^\+1,25\s%$/);
    expect(formatVolume(1_234_567, 'en')).toBe('1.2M');
    const intl = createIntl({ locale: 'de-DE' });
    expect(formatValue(null, 'price', intl)).toBe('–');
    expect(formatValue('INE002A01018', 'text', intl)).toBe('INE002A01018');
  });

  it('offers the market formats in the one formatter registry (stats block, layouts)', () => {
    const intl = createIntl({ locale: 'de-DE' });
    expect(formatValue(2450.5, 'price', intl)).toBe('2.450,50');
    expect(formatValue(12.3, 'change', intl)).toBe('+12,30');
    expect(formatValue(1.25, 'percent', intl)).toMatch(/^\+1,25\s%$/);
    expect(formatValue(1_234_567, 'volume', createIntl({ locale: 'en' }))).toBe('1.2M');
    expect(formatValue(1250, 'integer', intl)).toBe('1.250');
    expect(formatValue('12.3', 'change', intl)).toBe('–');
    expect(formatValue(undefined, 'integer', intl)).toBe('–');
  });

  it('fills routes with URL-encoded fields and params from the query', () => {
    expect(fillRoute('/marketDetails?symbol={symbol}', { symbol: 'M&M' })).toBe('/marketDetails?symbol=M%26M');
    const template = { symbol: '{query.symbol}', limit: 5 };
    const bound = bindTemplate(template, { query: Object.fromEntries(new URLSearchParams('symbol=M%26M')) }) as Record<string, unknown>;
    expect(bound).toEqual({ symbol: 'M&M', limit: 5 });
    expect(missesQuery(template, bound)).toBe(false);
    // A placeholder the route does not carry: nothing is called.
    const missing = bindTemplate({ id: '{query.id}' }, { query: {} }) as Record<string, unknown>;
    expect(missing).toEqual({ id: undefined });
    expect(missesQuery({ id: '{query.id}' }, missing)).toBe(true);
    expect(bindTemplate('/news?id={query.id}&x={n}', { query: { id: 'a b' }, n: 2 }, { encode: encodeURIComponent })).toBe('/news?id=a%20b&x=2');
  });
});
