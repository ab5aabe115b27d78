/**
 * The renderer's one registry object — block kinds, widgets, formatters, icons, actions and
 * dialogs — and the React context that hands it to every component. Components
 * look names up here, never in module-level tables, so an app (or a test) can extend or
 * override any entry in one place (`extendRegistry`). `renderBlock` renders a child block
 * through the same registry: blocks holding blocks (tabs) use it instead of importing
 * `Screen`.
 */
import { createContext, useContext, type ComponentType, type Key, type ReactNode } from 'react';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { IntlShape } from 'react-intl';
import type { AnyBlockComponent, BlockSpec } from './types';
import type { RendererHost } from './host';
import type { ScreenScope } from './scope';

/** Formats one value for display (a `formatter` of the catalogue). */
export type Formatter = (value: unknown, intl: IntlShape) => string;

/** What actions may touch besides the host. */
export interface ActionContext {
  host: RendererHost;
  scope: ScreenScope;
  /** The data of the call that succeeded last (for `saveSession`, `dialog`). */
  response?: unknown;
  /** Clears the form that triggered the action. */
  resetForm?: () => void;
  /** The action table to run with (default: the built-in actions). */
  handlers?: Record<string, ActionHandler>;
  /**
   * Runs a tapped call, confirming it first when its declaration asks (see
   * renderers/ui/CommandConfirm.tsx); the `call` action uses it, `host.call` without it.
   */
  command?: (call: string, body: unknown) => Promise<unknown>;
}

/**
 * Runs one action step with its value (`{"toast": "x"}` → value `"x"`); answering `'stop'`
 * ends the list (navigation, a failed call).
 */
export type ActionHandler = (value: unknown, ctx: ActionContext) => void | 'stop' | Promise<void | 'stop'>;

/** Props of a dialog opened by name (`{"dialog": "tradeResult"}`). */
export interface DialogProps {
  data: unknown;
  onClose: () => void;
}

/** An icon component (lucide's props subset the renderer uses). */
export type IconComponent = ComponentType<{ size?: number; strokeWidth?: number; className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>;

/** The six collections a layout may name. */
export interface RendererRegistry {
  blocks: Record<string, AnyBlockComponent>;
  widgets: RegistryWidgetsType;
  formatters: Record<string, Formatter>;
  icons: Record<string, IconComponent>;
  actions: Record<string, ActionHandler>;
  dialogs: Record<string, ComponentType<DialogProps>>;
}

/** Extra or replacing entries for any of the collections. */
export type RegistryExtension = { [K in keyof RendererRegistry]?: Partial<RendererRegistry[K]> };

/** A registry with `extension`'s entries added or replacing the base's (the base is not changed). */
export function extendRegistry(base: RendererRegistry, extension: RegistryExtension): RendererRegistry {
  const merged = { ...base } as Record<keyof RendererRegistry, Record<string, unknown>>;
  for (const name of Object.keys(extension) as Array<keyof RendererRegistry>) merged[name] = { ...base[name], ...extension[name] };
  return merged as unknown as RendererRegistry;
}

/** What the context carries: the registry and the one way to render a child block. */
export interface RendererContextValue extends RendererRegistry {
  /** Renders a block (its `when` conditions, error boundary and loading state included). */
  renderBlock(spec: BlockSpec, schemas: Record<string, Record<string, unknown>>, key?: Key): ReactNode;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

/** The registry and `renderBlock`; throws outside a `RendererProvider`. */
export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('renderer used outside a RendererProvider');
  return value;
}

/** The registry when there is one (icons and formatters fall back to their defaults without). */
export const useOptionalRenderer = (): RendererContextValue | null => useContext(RendererContext);
