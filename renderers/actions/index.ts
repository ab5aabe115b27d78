/**
 * The built-in actions a layout's action list may name (`definitions/action` of the catalogue,
 * fragment `actions.schema.json` beside this file, plus `<name>.options.schema.json` for each
 * action that takes a value), one handler each, and the runner that
 * executes a list in order. `response` is the data of the call that succeeded, for
 * `saveSession` and `dialog`.
 */
import { useCallback, useContext } from 'react';
import { mutate } from 'swr';
import { forgetPrefetched } from '../data/prefetch';
import { useHost } from '../host';
import { ScopeContext } from '../scope';
import { useOptionalRenderer, type ActionContext, type ActionHandler } from '../registry-context';
import type { Action } from '../types';
import { useCommand } from '../ui/CommandConfirm';

export type { ActionContext, ActionHandler };

/** Every built-in action by name; navigation ends the list. */
export const ACTIONS: Record<string, ActionHandler> = {
  toast: (value, ctx) => ctx.host.toast({ messageId: String(value), tone: 'success' }),
  /** Calls an API; its response feeds the next actions; a failure stops the list (the host showed the message). */
  call: async (value, ctx): Promise<'stop' | undefined> => {
    const call = value as { name: string; params?: Record<string, unknown> };
    try {
      ctx.response = await (ctx.command ?? ((name: string, body: unknown) => ctx.host.call(name, body)))(call.name, call.params ?? {});
    } catch {
      return 'stop';
    }
    return undefined;
  },
  dialog: (value, ctx) => ctx.host.openDialog(String(value), ctx.response),
  saveSession: (_value, ctx) => {
    const data = ctx.response as { token?: string; userinfo?: unknown } | undefined;
    if (data?.token) ctx.host.saveSession(data.token, data.userinfo);
  },
  reload: async (value, ctx) => {
    ctx.scope.reload(String(value));
    // "*" also refreshes every call the screen's blocks and conditions loaded.
    if (value === '*') {
      forgetPrefetched();
      await mutate((key) => Array.isArray(key) && key[0] === 'call');
    }
  },
  resetForm: (_value, ctx) => ctx.resetForm?.(),
  popup: (value, ctx) => ctx.host.openPopup(value as 'language'),
  setLanguage: (value, ctx) => ctx.host.setLanguage(value as 'DE' | 'EN' | 'HI' | 'ZH'),
  logout: async (_value, ctx): Promise<'stop'> => {
    await ctx.host.logout();
    return 'stop';
  },
  navigate: (value, ctx) => {
    ctx.host.navigate(String(value));
    return 'stop';
  },
  replace: (value, ctx) => {
    ctx.host.navigate(String(value), { replace: true });
    return 'stop';
  },
  /**
   * Saves a file on the device from the last response: `{url, filename}` names a file under
   * `/api`, fetched with the session's token (contract notes, statements); `{filename, mime,
   * content}` carries the file itself (an operator's CSV export).
   */
  download: async (_value, ctx) => {
    const file = ctx.response as { url?: string; filename?: string; mime?: string; content?: string } | undefined;
    let blob: Blob;
    if (file?.url) blob = await ctx.host.fetchFile(file.url);
    else if (typeof file?.content === 'string') blob = new Blob([file.content], { type: `${file.mime ?? 'text/plain'};charset=utf-8` });
    else return;
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = file.filename ?? 'download';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  },
  back: (_value, ctx) => {
    ctx.host.back();
    return 'stop';
  },
};

/** Executes each action in order with `ctx.handlers` (default {@link ACTIONS}); unknown names are skipped. */
export async function runActions(actions: Action[] | undefined, ctx: ActionContext): Promise<void> {
  const handlers = ctx.handlers ?? ACTIONS;
  for (const action of actions ?? []) {
    const [name, value] = Object.entries(action)[0] ?? [];
    const handler = name ? handlers[name] : undefined;
    if (handler && (await handler(value, ctx)) === 'stop') return;
  }
}

/** A runner bound to the current host, screen scope and the registry's actions. */
export function useRunActions(): (actions: Action[] | undefined, extra?: Partial<ActionContext>) => Promise<void> {
  const host = useHost();
  const scope = useContext(ScopeContext);
  const handlers = useOptionalRenderer()?.actions;
  const command = useCommand();
  return useCallback((actions, extra = {}) => runActions(actions, { host, scope, handlers, command, ...extra }), [host, scope, handlers, command]);
}
