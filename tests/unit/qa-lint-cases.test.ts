/**
 * The case-file lint on `given.offer` and `{offer}` routes: the record screens'
 * case files name the offer they act on, and a route placeholder without one is caught.
 */
import { describe, expect, it } from 'vitest';
import { lintCase } from '../qa/lint-cases';
import { withOffer } from '../qa/offers';

const base = { name: 'x', as: 'investor', lang: 'en', steps: [{ submit: 'join' }] };

describe('case lint: given.offer', () => {
  it('accepts a route with {offer} when the case prepares one', () => {
    expect(lintCase('a.case.json', { ...base, route: '/gatherJoin?id={offer}', given: { offer: 'gather' } })).toEqual([]);
  });

  it('names the pointer of an unknown offer kind', () => {
    expect(lintCase('a.case.json', { ...base, route: '/gatherJoin?id={offer}', given: { offer: 'fund' } })).toEqual([
      { file: 'a.case.json', pointer: '/given/offer', message: 'must be one of gather, block, ipo, basket' },
    ]);
  });

  it('refuses other placeholders in a route', () => {
    expect(lintCase('a.case.json', { ...base, route: '/gatherJoin?id={plan}', given: { offer: 'gather' } })[0]?.pointer).toBe('/route');
  });

  it('needs given.offer for {offer}, and {offer} for given.offer', () => {
    expect(lintCase('a.case.json', { ...base, route: '/gatherJoin?id={offer}' })).toEqual([{ file: 'a.case.json', pointer: '/route', message: '{offer} needs given.offer (gather, block, ipo or basket)' }]);
    expect(lintCase('a.case.json', { ...base, route: '/gatherJoin', given: { offer: 'gather' } }).map((p) => p.pointer)).toEqual(['/given/offer']);
  });

  it('puts the offer id into the route', () => {
    expect(withOffer('/gatherJoin?id={offer}', 'p 1')).toBe('/gatherJoin?id=p%201');
    expect(withOffer('/adminNewsEdit', undefined)).toBe('/adminNewsEdit');
  });
});
