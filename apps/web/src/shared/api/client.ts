import {
  ApiPaths,
  DEFAULT_API_SERVICE,
  ERROR_NOTICE_MS,
  StorageKeys,
  Messages,
  RELOGIN_STATES,
  REQUEST_TIMEOUT_MS,
  State,
  type Envelope,
} from '@health/contract';
import { i18n } from '../i18n';
import { notice } from '../feedback/feedback';
import { readJson } from '../session/storage';
import { useUserStore } from '../stores/user';
import { ApiError, fieldErrorsOf, ignoreHandledApiErrors } from './errors';
import { encodeBody, toQuery, type BodyType, type Params } from './encode';

/**
 * The one API client (spec §7, §8). fetch with a 30 s time-out; base "/{service}" read from
 * <meta name="api-base">; form-encoded body by default, JSON or multipart when marked; bearer token
 * when one is stored. Every answer is the envelope {state, msg, data}, read whatever the HTTP
 * status. All error handling of spec §8 happens here, once:
 * - 200: resolve data (checked against the zod schema when one is given);
 * - 266: refresh the tokens once (shared by concurrent calls) and retry; else log out to /login;
 * - 267: show the no-permission message, clear the session, go to /login;
 * - 268: the session must change its first password: (re)open the forced dialog, no toast;
 * - 50008 / 50012 / 50014: the "you have been logged out" confirm;
 * - any other state: msg (or "ERROR: <state>") as an error for 5 s, reject with an ApiError
 *   carrying state, msg and field errors;
 * - network failure or time-out: a message for 5 s, reject.
 */

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query string parameters. */
  params?: Params;
  body?: Params | FormData;
  /** Body encoding; form-encoded by default. */
  bodyType?: BodyType;
  /**
   * A (zod) schema of data to check the answer against. Optional: the server already validates its
   * answers with the contract's schemas, and zod is kept out of the shell's bundle.
   */
  schema?: DataSchema<T>;
  /** Do not show the error toast (the caller shows the error itself). Session handling still runs. */
  silent?: boolean;
  /**
   * An admin call (default): sends the bearer token, and is not sent at all without a session.
   * false for public endpoints (captcha, login).
   */
  auth?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** No token refresh and no log-out on 266/267 (the logout call itself). */
  skipSessionHandling?: boolean;
  /** More request headers (the large screen's link token, sent instead of a session). */
  headers?: Record<string, string>;
}

/** The part of a zod schema the client uses (so the client itself does not import zod). */
export interface DataSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiResult<T> {
  data: T;
  msg: string;
}

/** Hooks the app layer plugs in (navigation lives there). */
export interface ApiHandlers {
  /** 266 after a failed refresh: clear the session and go to /login. */
  onSessionInvalid: () => void;
  /** 267: clear the session and go to /login. */
  onNoPermission: () => void;
  /** "重新登录" in the re-login confirm: reset the token and reload. */
  onRelogin: () => void;
}

let handlers: ApiHandlers = {
  onSessionInvalid: () => undefined,
  onNoPermission: () => undefined,
  onRelogin: () => undefined,
};

export function configureApi(h: ApiHandlers): void {
  handlers = h;
}

if (typeof window !== 'undefined') ignoreHandledApiErrors(window);

/** "/{service}" from <meta name="api-base" content="/api"> (the server rewrites it), default "/api". */
export function apiBase(): string {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>('meta[name="api-base"]')?.content;
  const base = (meta ?? '').trim() || `/${DEFAULT_API_SERVICE}`;
  return base.endsWith('/') ? base.slice(0, -1) : base;
}

export function apiUrl(path: string, params?: Params): string {
  return `${apiBase()}${path}${toQuery(params)}`;
}

const ERROR_SECONDS = ERROR_NOTICE_MS / 1000;

function showError(content: string, key?: string): void {
  notice(
    'error',
    key ? { content, key, duration: ERROR_SECONDS } : { content, duration: ERROR_SECONDS },
  );
}

async function send(
  path: string,
  opts: RequestOptions<unknown>,
  token: string | null,
): Promise<Envelope<unknown>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const { body, contentType } = encodeBody(opts.body, opts.bodyType ?? 'form');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType) headers['Content-Type'] = contentType;
  if (token && opts.auth !== false) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, opts.headers);

  // The failure of the transport (sending, or reading the answer's body), as the caller sees it.
  const transportError = () => {
    if (opts.signal?.aborted) return new ApiError('aborted', 0, '');
    if (timedOut)
      return new ApiError('timeout', 0, i18n.t('api.timeout', { defaultValue: Messages.timeout }));
    return new ApiError(
      'network',
      0,
      i18n.t('api.networkError', { defaultValue: Messages.networkError }),
    );
  };
  let response: Response;
  let parsed: unknown;
  try {
    try {
      response = await fetch(apiUrl(path, opts.params), {
        method,
        headers,
        body,
        signal: controller.signal,
      });
    } catch {
      throw transportError();
    }
    try {
      parsed = await response.json();
    } catch (e) {
      // A body that is not JSON is the server's answer (a proxy's error page, nothing): a bad
      // answer. A body that stopped coming (the page left mid-answer, the time-out) is the
      // network's: never a bad answer, on which the session guard would end the session.
      if (!(e instanceof SyntaxError)) throw transportError();
      parsed = null;
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (
    parsed &&
    typeof parsed === 'object' &&
    typeof (parsed as Envelope<unknown>).state === 'number'
  ) {
    const env = parsed as Envelope<unknown>;
    return { state: env.state, msg: typeof env.msg === 'string' ? env.msg : '', data: env.data };
  }
  // No envelope (a proxy error page, an empty answer): report the HTTP status as the state.
  const state = response.ok ? -1 : response.status;
  throw new ApiError(
    'format',
    state,
    response.ok ? i18n.t('api.badResponse') : i18n.t('api.serverError'),
  );
}

/* ---------- token refresh: once, shared by concurrent calls ---------- */

/**
 * Another tab of this browser may have refreshed the session: its tokens are in local storage.
 * Take them instead of refreshing with a token that was rotated out — the server ends a session
 * whose rotated-out refresh token comes back.
 */
function adoptStoredTokens(rejected: string | null): boolean {
  const access = readJson<string>(StorageKeys.accessToken);
  const refresh = readJson<string>(StorageKeys.refreshToken);
  if (!access || !refresh || access === rejected) return false;
  useUserStore.getState().setTokens(access, refresh);
  return true;
}

let refreshing: Promise<boolean> | null = null;

function refreshTokens(rejected: string | null): Promise<boolean> {
  refreshing ??= (async () => {
    if (adoptStoredTokens(rejected)) return true;
    const refreshToken = useUserStore.getState().refreshToken;
    if (!refreshToken) return false;
    try {
      const env = await send(
        ApiPaths.token,
        {
          method: 'POST',
          body: { grant_type: 'refresh_token', refresh_token: refreshToken },
          auth: false,
        },
        null,
      );
      const data = env.data as { access_token?: unknown; refresh_token?: unknown } | null;
      if (
        env.state !== State.OK ||
        typeof data?.access_token !== 'string' ||
        typeof data.refresh_token !== 'string'
      ) {
        // Two tabs refreshing at once: the other one won and stored the new pair.
        return adoptStoredTokens(rejected);
      }
      useUserStore.getState().setTokens(data.access_token, data.refresh_token);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/* ---------- session-level reactions, each shown once even for concurrent failures ---------- */

let sessionEnding = false;

function endSession(kind: 'invalid' | 'permission', msg: string): void {
  if (sessionEnding) return;
  sessionEnding = true;
  showError(msg, 'session');
  try {
    if (kind === 'invalid') handlers.onSessionInvalid();
    else handlers.onNoPermission();
  } finally {
    // Allow the next session (after logging in again) to end the same way.
    setTimeout(() => {
      sessionEnding = false;
    }, 1000);
  }
}

let reloginOpen = false;

function confirmRelogin(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  void import('../feedback/antd-static')
    .then(({ confirm }) =>
      confirm({
        title: i18n.t('api.reloginTitle'),
        content: i18n.t('api.reloginContent'),
        okText: i18n.t('api.relogin'),
        cancelText: i18n.t('common.cancel'),
        onOk: () => {
          reloginOpen = false;
          handlers.onRelogin();
        },
        onCancel: () => {
          reloginOpen = false;
        },
      }),
    )
    .catch(() => {
      reloginOpen = false;
    });
}

/* ---------- the request ---------- */

export async function request<T>(
  path: string,
  opts: RequestOptions<T> = {},
): Promise<ApiResult<T>> {
  const o = opts as RequestOptions<unknown>;
  const sentToken = useUserStore.getState().token;
  if (o.auth !== false && !sentToken) {
    // No session (logged out, or ended by another call): an admin call cannot succeed; do not send it.
    throw new ApiError('aborted', State.SESSION_INVALID, '');
  }
  let env: Envelope<unknown>;
  try {
    env = await send(path, o, sentToken);
    if (
      env.state === State.SESSION_INVALID &&
      o.auth !== false &&
      sentToken &&
      !o.skipSessionHandling
    ) {
      const current = useUserStore.getState().token;
      // Another call may already have rotated the token; otherwise refresh once.
      const renewed = current && current !== sentToken ? true : await refreshTokens(sentToken);
      if (renewed) env = await send(path, o, useUserStore.getState().token);
    }
  } catch (e) {
    const error =
      e instanceof ApiError ? e : new ApiError('network', 0, i18n.t('api.networkError'));
    if (error.kind !== 'aborted' && !o.silent) showError(error.msg);
    if (!o.silent) error.handled = true;
    throw error;
  }

  const { state, msg, data } = env;
  if (state === State.OK) {
    if (!opts.schema) return { data: data as T, msg };
    const checked = opts.schema.safeParse(data);
    if (checked.success) return { data: checked.data, msg };
    console.error(`Unexpected answer from ${path}`, checked.error);
    const error = new ApiError('format', state, i18n.t('api.badResponse'), [], data);
    if (!o.silent) showError(error.msg);
    error.handled = !o.silent;
    throw error;
  }

  const error = new ApiError('state', state, msg, fieldErrorsOf(data), data);
  const hadSession = !o.skipSessionHandling && (!!sentToken || !!useUserStore.getState().token);
  error.handled = true;
  if (state === State.SESSION_INVALID && hadSession && o.auth !== false) {
    endSession('invalid', msg || i18n.t('api.sessionInvalid'));
  } else if (state === State.NO_PERMISSION && hadSession && o.auth !== false) {
    endSession('permission', msg || i18n.t('api.noPermission'));
  } else if (state === State.PASSWORD_CHANGE_REQUIRED) {
    // The forced dialog (which cannot be closed) says what to do; the server refuses the rest.
    useUserStore.getState().requireFirstChange();
  } else if ((RELOGIN_STATES as readonly number[]).includes(state)) {
    confirmRelogin();
  } else if (!o.silent) {
    showError(msg || i18n.t('api.errorState', { state }));
  } else {
    error.handled = false;
  }
  throw error;
}

/* ---------- file downloads (exports) ---------- */

export interface DownloadOptions {
  params?: Params;
  /** Used when the answer names no file. */
  fileName?: string;
  signal?: AbortSignal;
  /** Default 5 minutes: a large export takes longer than a normal call. */
  timeoutMs?: number;
}

const DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000;

/** The file name of a Content-Disposition header (RFC 5987 `filename*` preferred). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

async function fetchFile(
  path: string,
  opts: DownloadOptions,
  token: string,
): Promise<{ blob: Blob; fileName: string | null } | Envelope<unknown>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(apiUrl(path, opts.params), {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const env = (await response.json()) as Envelope<unknown>;
      if (env && typeof env.state === 'number') return env;
    }
    if (!response.ok) throw new ApiError('format', response.status, i18n.t('api.serverError'));
    const blob = await response.blob();
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (opts.signal?.aborted) throw new ApiError('aborted', 0, '');
    if (timedOut) throw new ApiError('timeout', 0, i18n.t('api.timeout'));
    throw new ApiError('network', 0, i18n.t('api.networkError'));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Hand a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET a file with the bearer token: its bytes and its name. A JSON answer is an envelope: its
 * failure is handled exactly like `request` (toast, 266 refresh-and-retry or log-out, 267) and
 * rejects with an ApiError. Private files (a lab report's PDF) are read this way, never by a link.
 */
export async function fetchBlob(
  path: string,
  opts: DownloadOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const sentToken = useUserStore.getState().token;
  if (!sentToken) throw new ApiError('aborted', State.SESSION_INVALID, '');
  let answer: Awaited<ReturnType<typeof fetchFile>>;
  try {
    answer = await fetchFile(path, opts, sentToken);
    if (!('blob' in answer) && answer.state === State.SESSION_INVALID) {
      const current = useUserStore.getState().token;
      const renewed = current && current !== sentToken ? true : await refreshTokens(sentToken);
      const token = useUserStore.getState().token;
      if (renewed && token) answer = await fetchFile(path, opts, token);
    }
  } catch (e) {
    const error =
      e instanceof ApiError ? e : new ApiError('network', 0, i18n.t('api.networkError'));
    if (error.kind !== 'aborted') showError(error.msg);
    error.handled = true;
    throw error;
  }
  if ('blob' in answer) return answer;
  const { state, msg, data } = answer;
  const error = new ApiError('state', state, msg, fieldErrorsOf(data), data);
  if (state === State.SESSION_INVALID) endSession('invalid', msg || i18n.t('api.sessionInvalid'));
  else if (state === State.NO_PERMISSION)
    endSession('permission', msg || i18n.t('api.noPermission'));
  else if ((RELOGIN_STATES as readonly number[]).includes(state)) confirmRelogin();
  else showError(msg || i18n.t('api.errorState', { state }));
  error.handled = true;
  throw error;
}

/**
 * GET a file (an export) with the bearer token and save it (failures as `fetchBlob`). Resolves
 * with the saved file name.
 */
export async function download(path: string, opts: DownloadOptions = {}): Promise<string> {
  const answer = await fetchBlob(path, opts);
  const fileName = answer.fileName ?? opts.fileName ?? 'export.xlsx';
  saveBlob(answer.blob, fileName);
  return fileName;
}

/** Shorthands resolving to data. */
export const api = {
  get<T>(path: string, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> {
    return request<T>(path, { ...opts, method: 'GET' }).then((r) => r.data);
  },
  post<T>(
    path: string,
    body?: Params | FormData,
    opts: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ): Promise<T> {
    return request<T>(path, { ...opts, method: 'POST', body: body ?? {} }).then((r) => r.data);
  },
  request,
  download,
};
