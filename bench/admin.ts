/**
 * The administrator's session for benchmarks that call more than the token check: the first login
 * must change the initial password (the server answers 268 to everything else until then), so
 * log in, change it once, and log in again with the new one.
 */

export const ADMIN = 'admin';
export const INITIAL_PASSWORD = 'Admin@123';
/** 6–20 characters, upper, lower, digit and special. */
export const BENCH_PASSWORD = 'Bench#2026load';

interface Envelope<T> {
  state: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, init: RequestInit): Promise<Envelope<T>> {
  const res = await fetch(url, init);
  return (await res.json()) as Envelope<T>;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Log in; answers the token and whether the password must be changed first. */
export async function login(
  url: string,
  password: string,
): Promise<{ token: string; mustChange: boolean }> {
  const body = await call<{ access_token: string; need_change_type: string | null }>(
    `${url}/api/v3/adminLogin/oauth/token`,
    form({ grant_type: 'password', username: ADMIN, password, verifyCode: '', verifyKey: '' }),
  );
  if (body.state !== 200) throw new Error(`login failed (${body.state}): ${body.msg}`);
  return { token: body.data.access_token, mustChange: body.data.need_change_type === 'first' };
}

/**
 * A token of the administrator, on a new database, that may call every endpoint: the initial
 * password is changed to BENCH_PASSWORD, then BENCH_PASSWORD logs in. (One login per password: a
 * failed attempt would slow the next ones down — the login lock.)
 */
export async function adminToken(
  url: string,
  options: { passwordChanged?: boolean } = {},
): Promise<string> {
  // A database a bench kept from an earlier run: the password is BENCH_PASSWORD already.
  if (options.passwordChanged) return (await login(url, BENCH_PASSWORD)).token;
  const session = await login(url, INITIAL_PASSWORD);
  if (!session.mustChange) return session.token;
  const changed = await call<unknown>(`${url}/api/v3/system/admin/adminUser/updatePwd`, {
    ...form({ newPassword: BENCH_PASSWORD, newPasswordCfm: BENCH_PASSWORD }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${session.token}`,
    },
  });
  if (changed.state !== 200)
    throw new Error(`first password change failed (${changed.state}): ${changed.msg}`);
  const again = await login(url, BENCH_PASSWORD);
  if (again.mustChange) throw new Error('the server still asks for a password change');
  return again.token;
}
