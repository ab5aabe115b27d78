/**
 * Market renderer pieces without a browser (registry ⇄ catalogue is
 * registry-catalogue.test.ts): a quote row shows the formatted price and a coloured change, the live number
 * keeps its box.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import type { ReactNode } from 'react';
import { HostContext, type RendererHost } from '../../renderers/host';
import { QuoteRow } from '../../renderers/market/QuoteRow';
import { LivePrice } from '../../renderers/market/LivePrice';
import { Sparkline } from '../../renderers/market/Sparkline';
import type { QuoteView } from '../../src/shared/market';

const root = path.resolve(__dirname, '../..');
const de = JSON.parse(fs.readFileSync(path.join(root, 'locales/de.json'), 'utf8')) as Record<string, string>;

const host = { call: async () => null, navigate: () => undefined } as unknown as RendererHost;
const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <IntlProvider locale="de-DE" messages={de}>
      <HostContext.Provider value={host}>{node}</HostContext.Provider>
    </IntlProvider>,
  );

const quote: QuoteView = { symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', kind: 'equity', sector: 'Energy', last: 1364.05, change: -2.5, changePct: -0.18, open: 1366, high: 1370, low: 1360, prevClose: 1366.55, volume: 1000, time: 0 };

describe('market blocks', () => {
  it('render a quote row with its price, name and a coloured change', () => {
    const html = render(<ul><QuoteRow quote={quote} live={false} /></ul>);
    expect(html).toContain('data-symbol="RELIANCE"');
    expect(html).toContain('1.364,05');
    expect(html).toContain('Reliance Industries Ltd.');
    expect(html).toMatch(/class="change-pill down">-0,18\s%/);
  });

  it('render a live number in a fixed box and a sparkline path', () => {
    expect(render(<LivePrice value={1} text="1,00" testId="p" />)).toBe('<span class="live-num" data-testid="p">1,00</span>');
    const svg = render(<Sparkline values={[1, 2, 3]} baseline={2} tone="up" />);
    expect(svg).toContain('class="sparkline up"');
    expect(svg).toContain('sparkline-base');
  });
});
