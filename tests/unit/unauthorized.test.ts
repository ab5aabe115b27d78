import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleNotLoggedIn } from '../../src/app/unauthorized';

/** A Location stand-in that records where the page was sent. */
function fakeLocation(href: string) {
  const url = new URL(href);
  const replaced: string[] = [];
  return { location: { href, pathname: url.pathname, replace: (to: string) => replaced.push(to) } as unknown as Location, replaced };
}

describe('the 501 flow (docs/product.md, Error codes)', () => {
  const storage = new Map<string, string>([['token', 'x']]);
  vi.stubGlobal('localStorage', { clear: () => storage.clear() });
  afterEach(() => storage.set('token', 'x'));

  it('does nothing on / and /service', () => {
    for (const href of ['http://app/', 'http://app/service']) {
      const { location, replaced } = fakeLocation(href);
      handleNotLoggedIn(location);
      expect(replaced).toEqual([]);
      expect(storage.size).toBe(1);
    }
  });

  it('clears storage and reloads with the marker first', () => {
    const { location, replaced } = fakeLocation('http://app/my?tab=1');
    handleNotLoggedIn(location);
    expect(storage.size).toBe(0);
    expect(replaced).toEqual(['http://app/my?tab=1&reloaded=1']);
  });

  it('goes to /page when the marker is already there', () => {
    const { location, replaced } = fakeLocation('http://app/my?reloaded=1');
    handleNotLoggedIn(location);
    expect(replaced).toEqual(['/page']);
  });
});
