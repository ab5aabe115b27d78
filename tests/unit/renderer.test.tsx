/**
 * The renderer's generic parts without a browser: an unknown block kind and an unknown widget
 * render a visible fallback; action lists run in order and stop at navigation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, createIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Block } from '../../renderers/Screen';
import { UnknownWidget } from '../../renderers/widgets/UnknownWidget';
import { HostContext, type RendererHost } from '../../renderers/host';
import { runActions } from '../../renderers/actions';
import { createScope } from '../../renderers/scope';
import { formatValue } from '../../renderers/formatters';
import { bindTemplate, readPath } from '../../renderers/data/template';
import { RendererProvider } from '../../renderers/RendererProvider';
import { REGISTRY } from '../../renderers/registry';
import type { WidgetProps } from '@rjsf/utils';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/en.json'), 'utf8')) as Record<string, string>;

/** A host that records what the renderer asked of it. */
function recordingHost() {
  const log: string[] = [];
  const host: RendererHost = {
    call: async (name) => {
      log.push(`call ${name}`);
      return null as never;
    },
    fetchScreen: async () => {
      throw new Error('not used');
    },
    navigate: (to, options) => log.push(`navigate ${to}${options?.replace ? ' (replace)' : ''}`),
    back: () => log.push('back'),
    toast: (toast) => log.push(`toast ${toast.messageId}`),
    saveSession: (token) => log.push(`session ${token}`),
    logout: async () => void log.push('logout'),
    setLanguage: (code) => log.push(`language ${code}`),
    language: () => 'EN',
    openPopup: (name) => log.push(`popup ${name}`),
    openDialog: (name, data) => log.push(`dialog ${name} ${JSON.stringify(data)}`),
    upload: async () => {
      throw new Error('not used');
    },
    fetchFile: async () => new Blob(),
  };
  return { host, log };
}

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <HostContext.Provider value={recordingHost().host}>
        <RendererProvider registry={REGISTRY}>{node}</RendererProvider>
      </HostContext.Provider>
    </IntlProvider>,
  );

describe('fallbacks', () => {
  it('renders an unknown block kind visibly', () => {
    const html = render(<Block spec={{ kind: 'carousel3d' }} schemas={{}} />);
    expect(html).toContain('data-testid="fallback"');
    expect(html).toContain('Unsupported block: carousel3d');
  });

  it('renders a known block kind through the registry', () => {
    // `menu` ships with the shell (the lazily loaded kinds render their skeleton in a static render).
    const html = render(<Block spec={{ kind: 'menu', title: 'my.sectionMoney', items: [{ label: 'my.depositRecords', icon: 'records', to: '/rechargeRecord' }] }} schemas={{}} />);
    expect(html).toContain(en['my.sectionMoney']);
    expect(html).toContain(en['my.depositRecords']);
    expect(html).not.toContain('fallback');
  });

  it('renders an unknown widget visibly', () => {
    const props = { options: { requestedWidget: 'slider' } } as unknown as WidgetProps;
    expect(render(<UnknownWidget {...props} />)).toContain('Unsupported field type: slider');
  });
});

describe('actions', () => {
  it('run in order and stop at navigation', async () => {
    const { host, log } = recordingHost();
    const scope = createScope();
    scope.register('accounts', () => log.push('reload accounts'));
    await runActions(
      [{ saveSession: true }, { toast: 'common.success' }, { reload: 'accounts' }, { replace: '/home' }, { toast: 'never.shown' }],
      { host, scope, response: { token: 't0k', userinfo: {} } },
    );
    expect(log).toEqual(['session t0k', 'toast common.success', 'reload accounts', 'navigate /home (replace)']);
  });

  it('call feeds its response to the next actions; a failed call stops the list', async () => {
    const { host, log } = recordingHost();
    host.call = async <T,>(name: string) => {
      log.push(`call ${name}`);
      if (name === 'bad/call') throw new Error('refused');
      return { id: 'c1' } as T;
    };
    await runActions([{ call: { name: 'order/acknowledgeRisk' } }, { dialog: 'tradeResult' }], { host, scope: createScope() });
    await runActions([{ call: { name: 'bad/call' } }, { toast: 'never.shown' }], { host, scope: createScope() });
    expect(log).toEqual(['call order/acknowledgeRisk', 'dialog tradeResult {"id":"c1"}', 'call bad/call']);
  });

  it('reload "*" refreshes every registered block', async () => {
    const { host, log } = recordingHost();
    const scope = createScope();
    scope.register('a', () => log.push('a'));
    scope.register('b', () => log.push('b'));
    await runActions([{ reload: '*' }], { host, scope });
    expect(log).toEqual(['a', 'b']);
  });
});

describe('formatters', () => {
  const intl = createIntl({ locale: 'en', messages: en });
  it('format by name and read dot paths', () => {
    expect(formatValue(2000.5, 'money', intl).replace(/\u00a0/g, ' ')).toBe('2.000,50 €');
    expect(formatValue('50100123456789', 'masked', intl)).toBe('•••• 6789');
    expect(formatValue('pending', 'status', intl)).toBe(en['status.pending']);
    expect(formatValue('x', 'nope', intl)).toBe('x');
    expect(readPath({ a: { b: 3 } }, 'a.b')).toBe(3);
  });

  it('bind templates from items and the route query, keeping whole-value types', () => {
    expect(bindTemplate({ id: '{id}', n: '{n}', label: 'No. {n}' }, { id: 'x', n: 7 })).toEqual({ id: 'x', n: 7, label: 'No. 7' });
    expect(bindTemplate({ id: '{query.id}' }, { query: { id: 'q1' } })).toEqual({ id: 'q1' });
  });
});
