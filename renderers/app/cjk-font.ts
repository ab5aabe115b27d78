/**
 * Noto Sans SC's stylesheet loads on demand, not with the app's render-blocking stylesheet:
 * its hundred-odd `@font-face` rules (one per unicode-range slice, three small slices inlined as
 * data) were most of that stylesheet's bytes, which every screen waited for before its first
 * paint although only Chinese text uses them. It loads at start for Chinese, and in the other
 * languages where Chinese is drawn: the language list ("中文") and the studio's text editors.
 */
let loading: Promise<void> | undefined;

/**
 * Loads the Noto Sans SC faces' declarations once (a CSS chunk); resolves when they apply.
 * Never rejects: on failure, Chinese text is drawn in the next family of the stack, and a later
 * call tries again.
 */
export function loadCjkFaces(): Promise<void> {
  loading ??= import('@fontsource-variable/noto-sans-sc/wght.css').then(
    () => undefined,
    () => {
      loading = undefined;
    },
  );
  return loading;
}
