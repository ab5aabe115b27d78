/**
 * The client's one envelope unwrapping (docs/product.md, Calls): 200 gives `data`; another
 * code toasts the server's message (unless silent) and throws an ApiError carrying code, message
 * and data; 501 runs the "not logged in" flow instead of a toast — except for answers that need
 * no session (screens).
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const flow = vi.hoisted(() => ({ runs: 0 }));
vi.mock('../../src/app/unauthorized', () => ({ handleNotLoggedIn: () => void (flow.runs += 1) }));

const { ApiError, unwrapEnvelope } = await import('../../src/app/envelope');
const { onToast } = await import('../../src/app/toast-bus');

const toasts: string[] = [];
const stop = onToast((toast) => void toasts.push(String(toast.text)));
afterAll(() => stop());
afterEach(() => {
  toasts.length = 0;
  flow.runs = 0;
});

const refusal = (code: number) => {
  try {
    return unwrapEnvelope({ code, message: `m${code}`, data: { errors: [] } });
  } catch (error) {
    return error;
  }
};

describe('unwrapEnvelope', () => {
  it('returns data on 200 and shows nothing', () => {
    expect(unwrapEnvelope({ code: 200, message: 'ok', data: { id: 1 } })).toEqual({ id: 1 });
    expect(toasts).toEqual([]);
  });

  it('toasts and throws other codes with code, message and data', () => {
    const error = refusal(1001) as InstanceType<typeof ApiError>;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.message, error.data]).toEqual([1001, 'm1001', { errors: [] }]);
    expect(toasts).toEqual(['m1001']);
    expect(flow.runs).toBe(0);
  });

  it('stays quiet when silent', () => {
    expect(() => unwrapEnvelope({ code: 1500, message: 'no', data: null }, { silent: true })).toThrow(ApiError);
    expect(toasts).toEqual([]);
  });

  it('runs the 501 flow instead of a toast, unless the answer needs no session', () => {
    expect(refusal(501)).toBeInstanceOf(ApiError);
    expect([flow.runs, toasts]).toEqual([1, []]);
    expect(() => unwrapEnvelope({ code: 501, message: 'x', data: null }, { silent: true, session: false })).toThrow(ApiError);
    expect([flow.runs, toasts]).toEqual([1, []]);
  });
});

