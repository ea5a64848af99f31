import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../src/shared/api/client';
import { ApiError } from '../src/shared/api/errors';

/** fetch answering 200 with headers, whose body then fails to read as `bodyError` says. */
function answerWhoseBodyFails(bodyError: Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      ok: true,
      status: 200,
      json: () => Promise.reject(bodyError),
    })),
  );
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e as ApiError,
  );

describe('the API client, when an answer cannot be read', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls a body that stopped coming a network failure (the page left mid-answer), not a bad answer', async () => {
    // What fetch's body gives when the page navigates away while it is being read.
    answerWhoseBodyFails(new TypeError('network error'));
    const error = await failureOf(
      request('/v3/system/common/siteInfo', { auth: false, silent: true }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
  });

  it('still calls a body that is not JSON a bad answer', async () => {
    answerWhoseBodyFails(new SyntaxError('Unexpected token < in JSON'));
    const error = await failureOf(
      request('/v3/system/common/siteInfo', { auth: false, silent: true }),
    );
    expect(error.kind).toBe('format');
  });
});
