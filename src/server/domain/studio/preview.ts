/**
 * `studio/screens/preview`: what the studio's phone preview needs to show a draft as the
 * phone would — the payload built from the draft, and the draft's form validator compiled on
 * the server, so a draft that changes a rule (a new minimum, a shorter maxLength) validates
 * with its own rules in the preview.
 */
import type { SchemaStore, ScreenPayload } from '../../screens/store.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { requireScreen } from './screens.js';

/** The answer of `studio/screens/preview`. */
export interface StudioPreview {
  /** The screen as `GET /api/ui/screens/:id` would serve it with the draft published. */
  payload: ScreenPayload;
  /** Data schema name → root key of its validator module (`/api/ui/validators/<name>.js?v=<key>`). */
  validators: Record<string, string>;
  /** Schemas that do not compile (the rest of the preview still renders). */
  errors: Array<{ pointer: string; message: string }>;
}

/**
 * Builds the preview of a draft.
 * @param schema the draft's data schema; absent when the screen has none or it is unchanged.
 * @throws AppError `studioScreenUnknown` (1800) when no layout file names the screen.
 */
export function previewCandidate(store: SchemaStore, id: string, layout: Record<string, unknown>, schema: SchemaNode | undefined): StudioPreview {
  requireScreen(store, id);
  return store.previewPayload(id, layout, schema);
}
