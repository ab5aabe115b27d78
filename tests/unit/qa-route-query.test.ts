/**
 * Where the generated QA suite gets a real record for screens that show one
 * (`/withdrawDetail?id=…`): from a list block whose rows link there. Every such screen must
 * be reachable from a list, or its generated checks could only ever see the error state.
 */
import { describe, expect, it } from 'vitest';
import { FIXED_QUERIES, needsQuery, querySources } from '../qa/route-query';
import { screenIds } from '../qa/schemas';

describe('route queries for the generated QA suite', () => {
  it('knows which screens need a route query', () => {
    expect(needsQuery('withdrawDetail')).toBe(true);
    expect(needsQuery('widthdrawRecord')).toBe(false);
  });

  it('finds the list a detail screen is opened from, with its link template', () => {
    expect(querySources('/withdrawDetail').map((s) => [s.screen, s.block.load.call, s.link])).toEqual([['widthdrawRecord', 'withdrawal/withdrawalList', '/withdrawDetail?id={id}']]);
    // News lists link with `to`; lists that need a query themselves cannot be a source.
    expect(querySources('/newsDetails').map((s) => s.screen)).toContain('home');
    expect(querySources('/nowhere')).toEqual([]);
  });

  it('every screen that needs a route query is linked from a list that loads without one, or has a fixed query', () => {
    const orphans = screenIds().filter((screen) => needsQuery(screen) && FIXED_QUERIES[`/${screen}`] === undefined && querySources(`/${screen}`).length === 0);
    expect(orphans).toEqual([]);
  });
});
