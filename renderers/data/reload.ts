/** Pull-to-refresh: reload every block of the current screen. */
import { useCallback, useContext } from 'react';
import { ScopeContext } from '../scope';

/** Reloads every block of the current screen; resolves after a short, visible spinner. */
export function useReloadScreen(): () => Promise<void> {
  const scope = useContext(ScopeContext);
  return useCallback(async () => {
    scope.reload('*');
    await new Promise((resolve) => setTimeout(resolve, 600)); // keep the spinner visible briefly
  }, [scope]);
}
