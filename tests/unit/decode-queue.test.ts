/**
 * Images are decoded a bounded number at once, and uploads beyond the
 * waiting line are refused at once with `uploadRateLimited` instead of piling up memory.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/domain/errors.js';
import { DECODE_CONCURRENCY, boundedQueue, decodeQueueState, normalizeImage } from '../../src/server/domain/uploads.js';
import { pngLargerThan } from '../support/images.js';

/** A task that runs until the test opens its gate. */
function gated() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await gate;
      return 'done';
    },
    open: () => open(),
    started: () => started,
  };
}

describe('the bounded decode queue', () => {
  it('runs at most `concurrency` tasks at once and starts the next when one ends', async () => {
    const queue = boundedQueue(2, 10);
    const tasks = Array.from({ length: 5 }, gated);
    const results = tasks.map((t) => queue.run(t.task));
    await new Promise((r) => setImmediate(r));
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false, false]);
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 2, waiting: 3 });
    tasks[0]!.open();
    await results[0];
    await new Promise((r) => setImmediate(r));
    expect(tasks.map((t) => t.started())).toEqual([true, true, true, false, false]);
    for (const t of tasks) t.open();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses with uploadRateLimited once `maxWaiting` tasks wait, and accepts again when the line shrinks', async () => {
    const queue = boundedQueue(1, 2);
    const tasks = Array.from({ length: 3 }, gated);
    const accepted = tasks.map((t) => queue.run(t.task)); // 1 running, 2 waiting
    await new Promise((r) => setImmediate(r));
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('uploadRateLimited');
    tasks[0]!.open();
    await accepted[0];
    await new Promise((r) => setImmediate(r));
    const later = gated();
    const again = queue.run(later.task); // the line has room again
    for (const t of [...tasks, later]) t.open();
    expect(await again).toBe('done');
    await Promise.all(accepted);
  });

  it('never decodes more than DECODE_CONCURRENCY real images at once', async () => {
    const image = await pngLargerThan(1_500_000); // ~700×700 noise: decoding takes a while
    let mostActive = 0;
    let mostWaiting = 0;
    let done = false;
    const sample = async () => {
      while (!done) {
        const state = decodeQueueState();
        mostActive = Math.max(mostActive, state.active);
        mostWaiting = Math.max(mostWaiting, state.waiting);
        await new Promise((r) => setImmediate(r));
      }
    };
    const sampler = sample();
    const results = await Promise.all(Array.from({ length: 6 }, () => normalizeImage(image, 512)));
    done = true;
    await sampler;
    expect(results.every((r) => r.width <= 512 && r.height <= 512)).toBe(true);
    expect(mostActive).toBe(DECODE_CONCURRENCY);
    expect(mostWaiting).toBeGreaterThan(0);
  });
});
