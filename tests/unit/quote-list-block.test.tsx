// @vitest-environment jsdom
/**
 * The quote list block with Testing Library: a long list renders its first screenful
 * with the first paint and the rest a frame later, so a 52-row market list is not one long task;
 * a short list renders whole at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { FIRST_ROWS, QuoteListBlock } from '../../renderers/blocks/quoteList/QuoteListBlock';
import type { QuoteListBlockSpec } from '../../renderers/blocks/quoteList/spec';
import { fakeHost, renderWithHost } from './helpers/renderer';

afterEach(cleanup);

const quote = (i: number) => ({ symbol: `S${i}`, name: `Stock ${i}`, kind: 'equity', sector: '', last: 100 + i, change: 1, changePct: 1, open: 100, high: 110, low: 90, prevClose: 100, volume: 1000, time: 1 });
const spec: QuoteListBlockSpec = { kind: 'quoteList', id: 'all', load: { call: 'markets/getAllMarkets' }, empty: 'market.empty' };

describe('quote list block', () => {
  it("renders a long list's first screenful first and every row a frame later", async () => {
    const { host } = fakeHost({ 'markets/getAllMarkets': () => Array.from({ length: 52 }, (_, i) => quote(i)) });
    // The row counts the DOM goes through, seen after each commit.
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const n = document.querySelectorAll('[data-testid="quote-row"]').length;
      if (n && counts.at(-1) !== n) counts.push(n);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithHost(<QuoteListBlock spec={spec} schemas={{}} />, host);
    await waitFor(() => expect(screen.getAllByTestId('quote-row')).toHaveLength(52));
    observer.disconnect();
    expect(counts).toEqual([FIRST_ROWS, 52]);
    expect(screen.getAllByTestId('quote-row').map((row) => row.getAttribute('data-symbol'))).toEqual(Array.from({ length: 52 }, (_, i) => `S${i}`));
  });

  it('renders a short list whole', async () => {
    const { host } = fakeHost({ 'markets/getAllMarkets': () => Array.from({ length: 5 }, (_, i) => quote(i)) });
    renderWithHost(<QuoteListBlock spec={spec} schemas={{}} />, host);
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(5);
  });
});
