import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PG_READ_CONNECTIONS, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      database: { kind: 'sqlite', file: path.join('/srv/app/data', 'health.db') },
      apiService: 'api',
      adminInitialPassword: 'Admin@123',
      demoData: true,
      captchaEnabled: true,
      logLevel: 'info',
      isProduction: false,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('takes a share of the demo readings in DEMO_SCALE (0–1, default 1)', () => {
    expect(loadConfig({}, '/srv/app').demoScale).toBe(1);
    expect(loadConfig({ DEMO_SCALE: '0.25' }, '/srv/app').demoScale).toBe(0.25);
    expect(() => loadConfig({ DEMO_SCALE: '2' }, '/srv/app')).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_SCALE: 'lots' }, '/srv/app')).toThrow(ConfigError);
  });

  it('reads every setting and chooses PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u@db:5432/health',
        SECRET_KEY: 'a-shared-secret-key-of-32-characters!',
        API_SERVICE: 'jkapi',
        DEMO_DATA: 'false',
        CAPTCHA_ENABLED: 'false',
        LOG_LEVEL: 'WARN',
      },
      '/srv/app',
    );
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/srv/app/var/data');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/health',
      readConnections: DEFAULT_PG_READ_CONNECTIONS,
    });
    expect(config.apiService).toBe('jkapi');
    expect(config.demoData).toBe(false);
    expect(config.captchaEnabled).toBe(false);
    expect(config.logLevel).toBe('warn');
  });

  it('reads the list pool size of PostgreSQL, one fewer than the cores by default', () => {
    const postgres = {
      DATABASE_URL: 'postgres://u@db:5432/health',
      SECRET_KEY: 'a-shared-secret-key-of-32-characters!',
    };
    expect(DEFAULT_PG_READ_CONNECTIONS).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ ...postgres, PG_READ_CONNECTIONS: '4' }).database).toMatchObject({
      readConnections: 4,
    });
    for (const [value, message] of [
      ['0', 'PG_READ_CONNECTIONS 最小为 1'],
      ['2.5', 'PG_READ_CONNECTIONS 必须是整数'],
      ['many', 'PG_READ_CONNECTIONS 必须是数字'],
    ])
      expect(() => loadConfig({ ...postgres, PG_READ_CONNECTIONS: value })).toThrow(message);
  });

  it('refuses PostgreSQL without SECRET_KEY (every process must share the key)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/health' })).toThrow(
      /使用 PostgreSQL（DATABASE_URL）时必须设置 SECRET_KEY/,
    );
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY 至少 32 个字符/);
    expect(loadConfig({}).secretKey).toBeNull();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080);
  });

  it('refuses bad values with Chinese messages naming the setting and the value', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        API_SERVICE: 'a/b',
        DEMO_DATA: 'maybe',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT 必须是数字（当前值：abc）');
      expect(problems).toContain('DATABASE_URL 必须以 postgres://');
      expect(problems).toContain('API_SERVICE 只能包含字母');
      expect(problems).toContain('DEMO_DATA 只能是 true 或 false');
    }
  });

  it('refuses to turn the captcha off in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_ENABLED: 'false' })).toThrow(
      /生产环境（NODE_ENV=production）不允许关闭验证码/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).captchaEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false' }).captchaEnabled).toBe(false);
  });
});
