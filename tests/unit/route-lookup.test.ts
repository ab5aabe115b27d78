/**
 * The shell finds the route of a path with one lookup in the route table, matching as React
 * Router matches a static path: any case, trailing slashes ignored.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES, routeAt } from '../../src/app/routes';

describe('routeAt', () => {
  it('finds every route at its own path', () => {
    for (const route of ROUTES) expect(routeAt(route.path)).toBe(route);
  });

  it('ignores case and trailing slashes', () => {
    const home = ROUTES.find((route) => route.path === '/home');
    expect(routeAt('/Home')).toBe(home);
    expect(routeAt('/home/')).toBe(home);
    expect(routeAt('/HOME//')).toBe(home);
    expect(routeAt('/marketdetails')?.screen).toBe('marketDetails');
  });

  it('answers undefined for a path without a route', () => {
    expect(routeAt('/')).toBeUndefined();
    expect(routeAt('/nowhere')).toBeUndefined();
    expect(routeAt('/home/extra')).toBeUndefined();
    expect(routeAt('')).toBeUndefined();
  });
});
