// @vitest-environment jsdom
/**
 * Less TBT: the work of a screen's first render is spread over frames and tasks —
 * blocks arrive a few per frame, Intl is warmed in small tasks of its own, and the shared Intl
 * formatters are made once per locale and options.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useProgressiveCount } from '../../renderers/ui/useProgressiveCount';
import { indiaDateTimeFormat } from '../../src/shared/india-time';
import { numberFormat } from '../../src/shared/intl-cache';
import { formatClock } from '../../renderers/formatters/market';
import { warmIntl } from '../../src/app/warm-intl';

afterEach(cleanup);

/** Waits one animation frame and the task after it (what `useProgressiveCount` waits for). */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

function Counter({ total, first, step }: { total: number; first: number; step?: number }) {
  const shown = useProgressiveCount(total, first, step);
  return <output data-testid="shown">{shown}</output>;
}

describe('progressive rendering', () => {
  it('shows `first` items, then `step` more per painted frame until all are shown', async () => {
    const { getByTestId } = render(<Counter total={7} first={2} step={2} />);
    const seen = [getByTestId('shown').textContent];
    for (let frame = 0; frame < 4; frame++) {
      await nextFrame();
      seen.push(getByTestId('shown').textContent);
    }
    expect(seen).toEqual(['2', '4', '6', '7', '7']);
  });

  it('shows the rest at once one frame later when no step is given (quote lists)', async () => {
    const { getByTestId } = render(<Counter total={52} first={12} />);
    expect(getByTestId('shown').textContent).toBe('12');
    await nextFrame();
    expect(getByTestId('shown').textContent).toBe('52');
  });

  it('never shows more than there are', () => {
    const { getByTestId } = render(<Counter total={1} first={2} step={2} />);
    expect(getByTestId('shown').textContent).toBe('1');
  });
});

describe('Intl warming and the shared formatters', () => {
  it('warms in several tasks, each scheduled only after the one before ran', () => {
    const queue: Array<() => void> = [];
    warmIntl('de-DE', (step) => void queue.push(step));
    let tasks = 0;
    while (queue.length) {
      expect(queue).toHaveLength(1); // one step waiting at a time: each is its own task
      queue.shift()!();
      tasks++;
    }
    expect(tasks).toBeGreaterThan(3);
  });

  it('makes a formatter once per locale and options, in India time', () => {
    expect(numberFormat('de-DE', { maximumFractionDigits: 2 })).toBe(numberFormat('de-DE', { maximumFractionDigits: 2 }));
    expect(numberFormat('de-DE', { maximumFractionDigits: 2 })).not.toBe(numberFormat('en-IN', { maximumFractionDigits: 2 }));
    const clock = indiaDateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
    expect(clock).toBe(indiaDateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }));
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(clock.resolvedOptions().timeZone); // ICU's canonical name varies
    // 2026-11-23 03:45 UTC is 09:15 in India (UTC+05:30).
    expect(formatClock(Date.UTC(2026, 10, 23, 3, 45), 'de-DE')).toBe('09:15');
  });
});
