/**
 * The app: router, route guard (docs/product.md, Routes), tab shell, stack screens, toasts and the
 * language popup. Every screen is rendered by the generic renderer from server data.
 */
import { Suspense, lazy, useCallback, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { HostContext } from '../../renderers/host';
import { Screen } from '../../renderers/Screen';
import { REGISTRY } from '../../renderers/registry';
import { RendererProvider } from '../../renderers/RendererProvider';
import { useRenderer } from '../../renderers/registry-context';
import { useAppHost } from './host';
import { TABS, isPublicPath, routeAt, type RouteDef } from './routes';
import { getToken } from './storage';
import { TabShell } from './shell/TabShell';
import { ToastHost } from './shell/ToastHost';
import { OfflineBanner } from './shell/OfflineBanner';
import { LanguagePopup } from './shell/LanguagePopup';

/** The studio for editors, its own chunk (CodeMirror, rjsf): never in the investor's first load. */
const Studio = lazy(() => import('./studio/Studio'));

/** Where screens made in the studio are served: `/p/<id>`. */
const MADE_PREFIX = '/p/';

/**
 * Redirects visitors to /page on every route but the public ones. A screen made in the studio
 * (`/p/<id>`) opens without a token: a `public` one is for visitors; an `investor` one loads
 * and submits only with a session (the server answers 501 and the app sends the visitor to log in).
 */
function Guard({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getToken() && !isPublicPath(location.pathname) && !location.pathname.startsWith(MADE_PREFIX)) return <Navigate to="/page" replace />;
  return children;
}

/** A screen made in the studio, at `/p/<id>`: a stack screen whose id is the path's last part. */
function MadeRoute() {
  const { id = '' } = useParams();
  return <StackRoute route={{ path: `${MADE_PREFIX}${id}`, screen: id }} />;
}

function StackRoute({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  // One step back, or to the start screen when there is no history; path targets are the
  // Screen's job (it reads them from the layout).
  const onBack = useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(getToken() ? '/home' : '/page', { replace: true });
  }, [navigate]);
  return <Screen key={route.path} id={route.screen} fallbackTitleId={route.title} back={route.back} onBack={onBack} />;
}

const TAB_BY_PATH = new Map(TABS.map((tab) => [tab.path, tab]));

/**
 * The screen of the current route: a tab in the tab shell or a stack screen. One lookup in the
 * route table: as one `<Route>` per screen, React Router would flatten and rank all of them at
 * every render of the shell, the app's first render included.
 */
function AppRoute() {
  const { pathname } = useLocation();
  if (pathname === '/') return <Navigate to="/home" replace />;
  const route = routeAt(pathname);
  if (!route) return <Navigate to={getToken() ? '/home' : '/page'} replace />;
  const tab = TAB_BY_PATH.get(route.path);
  return <Guard>{tab ? <TabShell tab={tab} /> : <StackRoute route={route} />}</Guard>;
}

function Shell() {
  const [popup, setPopup] = useState<'language' | null>(null);
  const openPopup = useCallback((name: 'language') => setPopup(name), []);
  const [dialog, setDialog] = useState<{ name: string; data: unknown } | null>(null);
  const openDialog = useCallback((name: string, data: unknown) => setDialog({ name, data }), []);
  const host = useAppHost(openPopup, openDialog);
  const { dialogs } = useRenderer();
  const Dialog = dialog ? dialogs[dialog.name] : undefined;
  return (
    <HostContext.Provider value={host}>
      <div className="app">
        <OfflineBanner />
        <Routes>
          <Route path="/studio" element={<Guard><Suspense fallback={null}><Studio /></Suspense></Guard>} />
          <Route path={`${MADE_PREFIX}:id`} element={<Guard><MadeRoute /></Guard>} />
          <Route path="*" element={<AppRoute />} />
        </Routes>
        <ToastHost />
        <LanguagePopup open={popup === 'language'} onClose={() => setPopup(null)} />
        {Dialog && (
          <Suspense fallback={null}>
            <Dialog data={dialog!.data} onClose={() => setDialog(null)} />
          </Suspense>
        )}
      </div>
    </HostContext.Provider>
  );
}

/**
 * The renderer's registry for this app: the one place to extend or override block kinds,
 * widgets, formatters, icons, actions or dialogs (`extendRegistry(REGISTRY, {...})`).
 */
const APP_REGISTRY = REGISTRY;

export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
      <RendererProvider registry={APP_REGISTRY}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </RendererProvider>
    </SWRConfig>
  );
}
