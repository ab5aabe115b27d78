/**
 * The app: router, route guard (SPEC.md §2), tab shell, stack screens, toasts and the
 * language popup. Every screen is rendered by the generic renderer from server data.
 */
import { Suspense, lazy, useCallback, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { HostContext } from '../../renderers/host';
import { Screen } from '../../renderers/Screen';
import { DIALOGS } from '../../renderers/dialogs';
import { useAppHost } from './host';
import { ROUTES, TABS, isPublicPath, type RouteDef } from './routes';
import { getToken } from './storage';
import { TabShell } from './shell/TabShell';
import { ToastHost } from './shell/ToastHost';
import { OfflineBanner } from './shell/OfflineBanner';
import { LanguagePopup } from './shell/LanguagePopup';

/** Issue 11: the studio for editors, its own chunk (CodeMirror, rjsf): never in the investor's first load. */
const Studio = lazy(() => import('./studio/Studio'));

/** Redirects visitors to /page on every route but the public ones. */
function Guard({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getToken() && !isPublicPath(location.pathname)) return <Navigate to="/page" replace />;
  return children;
}

function StackRoute({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const onBack = useCallback(() => {
    if (route.back) return void navigate(route.back, { replace: true });
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(getToken() ? '/home' : '/page', { replace: true });
  }, [navigate, route.back]);
  return <Screen key={route.path} id={route.screen} fallbackTitleId={route.title} onBack={onBack} />;
}

function Shell() {
  const [popup, setPopup] = useState<'language' | null>(null);
  const openPopup = useCallback((name: 'language') => setPopup(name), []);
  const [dialog, setDialog] = useState<{ name: string; data: unknown } | null>(null);
  const openDialog = useCallback((name: string, data: unknown) => setDialog({ name, data }), []);
  const host = useAppHost(openPopup, openDialog);
  const Dialog = dialog ? DIALOGS[dialog.name] : undefined;
  return (
    <HostContext.Provider value={host}>
      <div className="app">
        <OfflineBanner />
        <Routes>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/studio" element={<Guard><Suspense fallback={null}><Studio /></Suspense></Guard>} />
          {ROUTES.map((route) => {
            const tab = TABS.find((t) => t.path === route.path);
            return (
              <Route
                key={route.path}
                path={route.path}
                element={<Guard>{tab ? <TabShell tab={tab} /> : <StackRoute route={route} />}</Guard>}
              />
            );
          })}
          <Route path="*" element={<Navigate to={getToken() ? '/home' : '/page'} replace />} />
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

export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </SWRConfig>
  );
}
