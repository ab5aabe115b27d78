/**
 * The code-501 flow (docs/product.md, Error codes): nothing on `/` or `/service`; otherwise, when the URL has
 * no `reloaded` marker, clear local storage and reload with it; else go to /page.
 */
export function handleNotLoggedIn(loc: Location = window.location): void {
  const path = loc.pathname;
  if (path === '/' || path === '/service') return;
  if (!loc.href.includes('reloaded')) {
    localStorage.clear();
    const url = new URL(loc.href);
    url.searchParams.set('reloaded', '1');
    loc.replace(url.toString());
  } else {
    loc.replace('/page');
  }
}

/** The screen where staff enrol their authenticator. */
export const ENROLMENT_PATH = '/staffTotp';

/**
 * Code 1656: staff who must enrol a second factor before anything else go to the enrolment
 * screen (once; nothing happens there or while on it).
 */
export function handleEnrolmentRequired(loc: Location = window.location): void {
  if (loc.pathname !== ENROLMENT_PATH) loc.assign(ENROLMENT_PATH);
}
