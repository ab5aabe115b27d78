/**
 * Noto Sans SC's stylesheet loads on demand, not with the app's render-blocking stylesheet:
 * its hundred-odd `@font-face` rules (one per unicode-range slice, three small slices inlined as
 * data) were most of that stylesheet's bytes, which every screen waited for before its first
 * paint although only Chinese text uses them. It loads at start for Chinese, and in the other
 * languages where Chinese is drawn: the language list ("中文"), the studio's text editors, and
 * any screen that shows Chinese text from data (an operator's list of banners in every
 * language), which {@link loadCjkFacesWhenShown} notices.
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

/** Han, kana, CJK punctuation and full-width forms: text Noto Sans SC draws. */
const CJK_TEXT = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/**
 * Watches `root` and loads the Noto Sans SC faces ({@link loadCjkFaces}) the first time its text
 * contains Chinese, then stops watching. The check reads the text once per burst of changes, when
 * the browser is idle, so it adds no work to a render.
 */
export function loadCjkFacesWhenShown(root: Node = document.body): void {
  if (loading) return;
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50));
  let scheduled = false;
  const check = () => {
    scheduled = false;
    if (!CJK_TEXT.test(root.textContent ?? '')) return;
    observer.disconnect();
    void loadCjkFaces();
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    idle(check);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  scheduled = true;
  idle(check);
}
