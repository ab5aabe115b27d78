/**
 * Where a studio CodeMirror view lives: an open shadow root of its host element.
 *
 * CodeMirror writes its style rules at run time (the base theme, gutters, tooltips, the merge
 * view). Mounted in the document it adds them as a `<style>` element, which the app's
 * Content-Security-Policy refuses (`style-src` has no `'unsafe-inline'`); without those rules
 * the editor cannot work (lines lose `white-space: pre`, so typed and pasted text is read back
 * wrongly). Inside a shadow root CodeMirror adopts constructed style sheets instead: they are
 * made by script, which `script-src 'self'` already governs, and `style-src` does not apply.
 * Inherited properties (font, colour) still reach the editor from the host.
 */
import { EditorView } from '@codemirror/view';

/**
 * The shadow root to mount a view in (`parent` and `root` of the view's config); the host's
 * existing one when an effect runs twice.
 */
export function editorRoot(host: HTMLElement): ShadowRoot {
  return host.shadowRoot ?? host.attachShadow({ mode: 'open' });
}

/** The editor fills its host (the host's height is set by the studio's style sheet). */
export const fillHost = EditorView.theme({ '&': { height: '100%' } });
