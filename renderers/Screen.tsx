/**
 * The generic renderer: loads a screen (layout + schemas) from the server and renders its
 * blocks through the registry of the `RendererProvider` above it. Unknown blocks render a
 * visible fallback; a screen the server does not have yet renders the localized "not
 * available yet" state.
 */
import { Component, Suspense, memo, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import useSWR from 'swr';
import { useIntl } from 'react-intl';
import { ArrowLeft } from 'lucide-react';
import { useHost } from './host';
import { useRenderer } from './registry-context';
import { ScopeContext, ScreenInfoContext, useNewScope } from './scope';
import { useRunActions } from './actions';
import { Icon } from './icons';
import { Skeleton } from './ui/Skeleton';
import { useFirstRenderPainted } from './app/first-render';
import { ErrorState } from './ui/ErrorState';
import { Fallback } from './ui/Fallback';
import { useCallData } from './data/useCallData';
import { forgetPrefetched, takePrefetched, useFreshFromPrefetch } from './data/prefetch';
import { readPath } from './data/template';
import { useRouteQuery } from './data/query';
import { useProgressiveCount } from './ui/useProgressiveCount';
import { CommandProvider } from './ui/CommandConfirm';
import type { BlockSpec, Condition, Layout, ScreenPayload } from './types';

const SCREEN_NOT_FOUND = 1045;

/** Props of {@link Screen}. */
export interface ScreenProps {
  id: string;
  /** Title message id for the header while loading or when unavailable (from the route table). */
  fallbackTitleId?: string;
  /** Embedded screens (tabs, drawer) have no header of their own. */
  embedded?: boolean;
  /** Back target from the route table (the layout's own `back`, known before it loads). */
  back?: string;
  /** One step back (the shell's history rule); used when the back target is 'history' or absent. */
  onBack?: () => void;
}

/**
 * The back arrow's action, computed in this one place (docs/product.md, Routes): a path
 * replaces the current entry with it; 'history' or nothing goes one step back.
 */
function useBackHandler(target: string | undefined, historyBack: (() => void) | undefined): (() => void) | undefined {
  const host = useHost();
  return useMemo(
    () => (target && target !== 'history' ? () => host.navigate(target, { replace: true }) : historyBack),
    [host, target, historyBack],
  );
}

/**
 * Blocks rendered with a screen's first paint, and how many more each following frame: a
 * phone paints the top of the screen first and no render of a long screen is one long task
 * (all of /home in one render would be one, and so would /marketDetails' quote, chart,
 * trade tabs and figures rendered at once when their data arrives).
 */
export const FIRST_BLOCKS = 2;
/** See {@link FIRST_BLOCKS}: one block per frame keeps each frame's render short (docs/performance.md compares one and two). */
export const BLOCKS_PER_FRAME = 1;

/** The SWR key of screen `id`'s payload (shared with the app's entry prefetch). */
export const screenKey = (id: string) => ['screen', id];

/** Renders one server-driven screen. */
export function Screen({ id, fallbackTitleId, embedded, back, onBack: historyBack }: ScreenProps) {
  const host = useHost();
  const key = screenKey(id);
  // The entry screen's payload comes from the app's prefetch (waited for, or fresh in the cache).
  const fresh = useFreshFromPrefetch(key);
  const { data, error, isLoading, mutate } = useSWR<ScreenPayload, { code?: number }>(key, () => takePrefetched(key, () => host.fetchScreen(id)), {
    revalidateOnFocus: false,
    revalidateOnMount: fresh ? false : undefined,
  });
  const onBack = useBackHandler(back, historyBack);
  // Leaving the screen ends the freshness of the answers prefetched for it.
  useEffect(() => forgetPrefetched, []);
  if (isLoading && !data) return <ScreenFrame titleId={fallbackTitleId} embedded={embedded} onBack={onBack}><Skeleton rows={4} /></ScreenFrame>;
  if (error?.code === SCREEN_NOT_FOUND) {
    return (
      <ScreenFrame titleId={fallbackTitleId} embedded={embedded} onBack={onBack}>
        <RegisteredBlock spec={{ kind: 'unavailable' }} schemas={{}} />
      </ScreenFrame>
    );
  }
  if (error || !data) {
    return (
      <ScreenFrame titleId={fallbackTitleId} embedded={embedded} onBack={onBack}>
        <ErrorState messageId="screen.loadError" onRetry={() => void mutate()} />
      </ScreenFrame>
    );
  }
  return <LoadedScreen payload={data} embedded={embedded} back={back} onBack={historyBack} />;
}

type LoadedProps = { payload: ScreenPayload; embedded?: boolean; back?: string; onBack?: () => void };

function LoadedScreen(props: LoadedProps) {
  const scope = useNewScope();
  const { payload } = props;
  const info = useMemo(() => ({ id: payload.id, keepAlive: payload.layout.keepAlive === true }), [payload.id, payload.layout.keepAlive]);
  // Every tapped command of the screen (header actions included) passes its confirmation gate.
  return (
    <ScopeContext.Provider value={scope}>
      <ScreenInfoContext.Provider value={info}>
        <CommandProvider calls={payload.calls}>
          <LoadedFrame {...props} />
        </CommandProvider>
      </ScreenInfoContext.Provider>
    </ScopeContext.Provider>
  );
}

/**
 * The missing parameter of a screen that `needs` one (a detail opened without its id), or null;
 * while one is missing the screen is not shown: the app goes to the list with a notice.
 */
function useMissingNeed(needs: Layout['needs']): Layout['needs'] | null {
  const host = useHost();
  const query = useRouteQuery();
  const missing = needs && needs.query.some((name) => !query.get(name)) ? needs : null;
  const sent = useRef(false);
  useEffect(() => {
    if (!missing || sent.current) return;
    sent.current = true;
    host.toast({ messageId: missing.notice ?? 'screen.needsParam', tone: 'info' });
    host.navigate(missing.otherwise, { replace: true });
  }, [missing, host]);
  return missing;
}

/** The user's info, asked only on back-office screens. */
const USER_INFO = { call: 'user/getUserInfo' };

/**
 * On a back-office screen (`audience: 'operator'`): 'wait' until the user's role is known,
 * 'away' for an investor (sent to /my with a notice, the operator form never shown), else 'show'.
 */
function useStaffGate(audience: ScreenPayload['audience']): 'wait' | 'away' | 'show' {
  const host = useHost();
  const staffScreen = audience === 'operator';
  const { data, error } = useCallData<{ role?: string }>(staffScreen ? USER_INFO : null, { silent: true });
  const state = !staffScreen ? 'show' : error ? 'away' : data === undefined ? 'wait' : data.role === 'investor' ? 'away' : 'show';
  const sent = useRef(false);
  useEffect(() => {
    if (state !== 'away' || sent.current) return;
    sent.current = true;
    host.toast({ messageId: 'screen.staffOnly', tone: 'info' });
    host.navigate('/my', { replace: true });
  }, [state, host]);
  return state;
}

function LoadedFrame({ payload, embedded, back: routeBack, onBack: historyBack }: LoadedProps) {
  const missing = useMissingNeed(payload.layout.needs);
  const gate = useStaffGate(payload.audience);
  if (missing || gate !== 'show') return <ScreenFrame titleId={payload.layout.title} embedded={embedded}><Skeleton rows={2} /></ScreenFrame>;
  return <ShownFrame payload={payload} embedded={embedded} back={routeBack} onBack={historyBack} />;
}

function ShownFrame({ payload, embedded, back: routeBack, onBack: historyBack }: LoadedProps) {
  const scope = useContext(ScopeContext);
  const { renderBlock } = useRenderer();
  const { layout } = payload;
  const runHeaderActions = useRunActions();
  // The live layout's `back` wins over the route table's copy (an edited file shows at once).
  const back = useBackHandler(layout.back ?? routeBack, historyBack);
  const shownBlocks = useProgressiveCount(layout.blocks.length, FIRST_BLOCKS, BLOCKS_PER_FRAME);
  return (
      <ScreenFrame
        titleId={layout.title}
        embedded={embedded}
        hideBar={layout.header === 'none'}
        onBack={back}
        actions={layout.headerActions}
        onAction={(actions) => void runHeaderActions(actions, { scope })}
      >
        {layout.blocks.slice(0, shownBlocks).map((block, index) => renderBlock(block, payload.schemas, `${block.kind}-${block.id ?? index}`))}
      </ScreenFrame>
  );
}

/**
 * Renders one block through the registry; an unknown kind renders the visible fallback.
 * Memoized: a screen re-renders as its blocks arrive frame by frame (`BLOCKS_PER_FRAME`), and the
 * blocks already shown (same spec and schemas objects) are not rendered again each time.
 */
export const Block = memo(function Block({ spec, schemas }: { spec: BlockSpec; schemas: ScreenPayload['schemas'] }) {
  if (spec.when) return <ConditionalBlock spec={spec} schemas={schemas} />;
  return <RegisteredBlock spec={spec} schemas={schemas} />;
});

/**
 * `when: {call, field, in}` (or a list of them, all must hold): the block shows only while
 * each call's field has one of the values.
 */
function ConditionalBlock({ spec, schemas }: { spec: BlockSpec; schemas: ScreenPayload['schemas'] }) {
  const conditions = (Array.isArray(spec.when) ? spec.when : [spec.when]) as Condition[];
  return <Conditions conditions={conditions} spec={spec} schemas={schemas} />;
}

function Conditions({ conditions, spec, schemas }: { conditions: Condition[]; spec: BlockSpec; schemas: ScreenPayload['schemas'] }) {
  const [first, ...rest] = conditions;
  const { data, error } = useCallData(first);
  const holdsPlace = useRenderer().blocks[spec.kind]?.holdsPlace === true;
  if (!first) return <RegisteredBlock spec={spec} schemas={schemas} />;
  if (data === undefined && !error && holdsPlace) {
    return (
      <div className="block-holding-place" aria-hidden="true">
        <Conditions conditions={rest} spec={spec} schemas={schemas} />
      </div>
    );
  }
  if (data === undefined || !first.in.includes(readPath(data, first.field))) return null;
  return <Conditions conditions={rest} spec={spec} schemas={schemas} />;
}

function RegisteredBlock({ spec, schemas }: { spec: BlockSpec; schemas: ScreenPayload['schemas'] }) {
  const Component = useRenderer().blocks[spec.kind];
  // A block marked `afterPaint` (a form below the first view) asks for its code once the entry
  // screen is painted: its chunk then does not share the phone's link with what that paint needs.
  const painted = useFirstRenderPainted();
  if (!Component) return <Fallback messageId="block.unknown" values={{ kind: spec.kind }} />;
  if (!painted && (spec as { afterPaint?: boolean }).afterPaint === true) return <Skeleton rows={3} />;
  return (
    <Suspense fallback={<Skeleton rows={3} />}>
      <Component spec={spec} schemas={schemas} />
    </Suspense>
  );
}

/** One block failing (e.g. its chunk did not load) must not blank the screen. */
export class BlockBoundary extends Component<{ kind: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <ErrorState messageId="screen.loadError" onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}

interface FrameProps {
  titleId?: string;
  embedded?: boolean;
  hideBar?: boolean;
  onBack?: () => void;
  actions?: Layout['headerActions'];
  onAction?: (actions: NonNullable<Layout['headerActions']>[number]['do']) => void;
  children: ReactNode;
}

/** Header bar (back, title, actions) and the scrolling body of a stack screen. */
function ScreenFrame({ titleId, embedded, hideBar, onBack, actions, onAction, children }: FrameProps) {
  const intl = useIntl();
  const heading = titleId ? intl.formatMessage({ id: titleId }) : '';
  const actionButtons = (actions ?? []).map((action) => (
    <button key={action.label} type="button" className="icon-button" aria-label={intl.formatMessage({ id: action.label })} onClick={() => onAction?.(action.do)}>
      <Icon name={action.icon} size={22} />
    </button>
  ));
  if (embedded) return <div className="screen-body embedded">{children}</div>;
  return (
    <div className="screen">
      {hideBar ? (
        actionButtons.length > 0 && <div className="floating-actions">{actionButtons}</div>
      ) : (
        <header className="top-bar">
          {onBack ? (
            <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'header.back' })} onClick={onBack}>
              <ArrowLeft size={22} />
            </button>
          ) : (
            <span className="icon-spacer" />
          )}
          <h1 className="top-bar-title">{heading}</h1>
          <div className="top-bar-actions">{actionButtons.length ? actionButtons : <span className="icon-spacer" />}</div>
        </header>
      )}
      <main className="screen-body">{children}</main>
    </div>
  );
}
