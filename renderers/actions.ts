/**
 * Runs a layout's action list in order (the `action` definition in `layout.meta.json`).
 * `response` is the data of the call that succeeded, for `saveSession`.
 */
import { mutate } from 'swr';
import type { RendererHost } from './host';
import type { ScreenScope } from './scope';
import type { Action } from './types';

/** What actions may touch besides the host. */
export interface ActionContext {
  host: RendererHost;
  scope: ScreenScope;
  response?: unknown;
  /** Clears the form that triggered the action. */
  resetForm?: () => void;
}

/** Executes each action; navigation ends the list. */
export async function runActions(actions: Action[] | undefined, ctx: ActionContext): Promise<void> {
  for (const action of actions ?? []) {
    if ('toast' in action) ctx.host.toast({ messageId: action.toast, tone: 'success' });
    else if ('call' in action) {
      // A failed call stops the list; the host has shown the server's message.
      try {
        ctx.response = await ctx.host.call(action.call.name, action.call.params ?? {});
      } catch {
        return;
      }
    } else if ('dialog' in action) ctx.host.openDialog(action.dialog, ctx.response);
    else if ('saveSession' in action) {
      const data = ctx.response as { token?: string; userinfo?: unknown } | undefined;
      if (data?.token) ctx.host.saveSession(data.token, data.userinfo);
    } else if ('reload' in action) {
      ctx.scope.reload(action.reload);
      // "*" also refreshes every call the screen's blocks and conditions loaded.
      if (action.reload === '*') await mutate((key) => Array.isArray(key) && key[0] === 'call');
    }
    else if ('resetForm' in action) ctx.resetForm?.();
    else if ('popup' in action) ctx.host.openPopup(action.popup);
    else if ('setLanguage' in action) ctx.host.setLanguage(action.setLanguage);
    else if ('logout' in action) return void (await ctx.host.logout());
    else if ('navigate' in action) return ctx.host.navigate(action.navigate);
    else if ('replace' in action) return ctx.host.navigate(action.replace, { replace: true });
    else if ('back' in action) return ctx.host.back();
  }
}
