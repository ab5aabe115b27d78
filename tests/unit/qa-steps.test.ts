/**
 * The case steps that compare texts and records: a message with placeholders given without its
 * values matches by its text before the first placeholder (and only at the start of an
 * element's text), one with values matches exactly; `expectRecord` finds an object containing
 * the given keys at any depth of an answer; `expectNoCall` fails naming the call; failures
 * number the steps from 0 like the lint's `#/steps/<n>` pointers.
 */
import { describe, expect, it } from 'vitest';
import { findRecord, runCase, type CaseDriver } from '../qa/execute';
import { expectedText } from '../qa/messages';
import type { QaCase } from '../qa/types';

describe('expected texts of message ids', () => {
  it('match a message with placeholders by its text before the first placeholder', () => {
    const pattern = expectedText('en', 'validation.amountMin');
    expect(pattern).toBeInstanceOf(RegExp);
    expect('At least 0.01').toMatch(pattern);
    expect('  At least 100').toMatch(pattern);
    expect('Not at least').not.toMatch(pattern);
  });

  it('match exactly once the values are given, and literal texts as they are', () => {
    expect(expectedText('en', 'validation.minLength', { limit: 8 })).toBe('At least 8 characters');
    expect(expectedText('en', 'my.studio')).toBe('Studio (screens and texts)');
    expect(expectedText('en', 'At least (sic)')).toBe('At least (sic)');
  });
});

describe('records in an answer', () => {
  const answer = { total: 2, items: [{ id: 'a', amount: 500, status: 'pending', bank: { ifsc: 'HDFC0001234' } }, { id: 'b', amount: 700, status: 'paid' }] };

  it('are found at any depth when they contain the given keys', () => {
    expect(findRecord({ amount: 700 }, answer)).toMatchObject({ id: 'b' });
    expect(findRecord({ bank: { ifsc: 'HDFC0001234' } }, answer)).toMatchObject({ id: 'a' });
    expect(findRecord({ total: 2 }, answer)).toBe(answer);
  });

  it('are not found when one value differs', () => {
    expect(findRecord({ amount: 500, status: 'paid' }, answer)).toBeUndefined();
    expect(findRecord({ amount: 501 }, answer)).toBeUndefined();
  });
});

describe('running steps', () => {
  const driver = (calls: Record<string, Array<Record<string, unknown>>>, data: unknown = {}): CaseDriver =>
    ({
      callsSoFar: async (name: string) => calls[name] ?? [],
      query: async () => data,
    }) as unknown as CaseDriver;
  const qaCase = (steps: QaCase['steps']): QaCase => ({ name: 'x', route: '/withdraw', as: 'investor', steps });

  it('expectNoCall fails naming the call made, at the step the lint would point at', async () => {
    const run = runCase(qaCase([{ expectNoCall: 'user/login' }, { expectNoCall: 'withdrawal' }]), driver({ withdrawal: [{ amount: 1 }] }));
    await expect(run).rejects.toThrow(/step #\/steps\/1 .*'withdrawal' was called 1 time\(s\), last with \{"amount":1\}/);
  });

  it('expectRecord fails quoting the answer', async () => {
    const run = runCase(qaCase([{ expectRecord: { call: 'withdrawal/withdrawalList', record: { amount: 9 } } }]), driver({}, { items: [{ amount: 5 }] }));
    await expect(run).rejects.toThrow(/step #\/steps\/0 .*without a record containing \{"amount":9\}: \{"items":\[\{"amount":5\}\]\}/);
  });
});
