import { describe, expect, it, vi } from 'vitest';
import { ApiError, ignoreHandledApiErrors } from '../src/shared/api/errors';

/** The page's unhandledrejection listener, and whether it let an event through to the console. */
function listener() {
  let handle: ((event: PromiseRejectionEvent) => void) | undefined;
  ignoreHandledApiErrors({
    addEventListener: ((type: string, fn: (event: PromiseRejectionEvent) => void) => {
      if (type === 'unhandledrejection') handle = fn;
    }) as Window['addEventListener'],
  });
  return (reason: unknown) => {
    const preventDefault = vi.fn();
    handle!({ reason, preventDefault } as unknown as PromiseRejectionEvent);
    return preventDefault.mock.calls.length === 0 ? 'reported' : 'silenced';
  };
}

describe('uncaught rejections of failed API calls', () => {
  it('silences a failure the client already showed, or a cancelled call', () => {
    const reject = listener();
    const shown = new ApiError('state', 255, '只有草稿或待发送的通知可以发送');
    shown.handled = true;
    expect(reject(shown)).toBe('silenced');
    expect(reject(new ApiError('aborted', 0, ''))).toBe('silenced');
  });

  it('still reports what nobody showed: a silent call left uncaught, any other error', () => {
    const reject = listener();
    expect(reject(new ApiError('state', 255, '未显示的错误'))).toBe('reported');
    expect(reject(new Error('bug'))).toBe('reported');
    expect(reject(undefined)).toBe('reported');
  });
});
