import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { ADMIN_USERNAME, bootstrapDatabase } from './db/bootstrap.js';
import { dbTargetOf, openDatabase } from './db/database.js';
import { DEMO_OPERATOR_PASSWORD, demoAccountsText } from './db/demo/index.js';
import { openSecretBox } from './platform/secrets.js';
import { handleStopRequests } from './platform/stop-signals.js';

function canResolvePretty(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Readable logs on a terminal in development, when pino-pretty (a dev dependency) is there. */
function loggerOf(config: AppConfig): FastifyServerOptions['logger'] {
  const pretty = !config.isProduction && process.stdout.isTTY && canResolvePretty();
  return pretty
    ? {
        level: config.logLevel,
        transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
      }
    : { level: config.logLevel };
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const db = openDatabase(dbTargetOf(config));
  const secrets = await openSecretBox(config);
  const boot = await bootstrapDatabase(db, {
    adminInitialPassword: config.adminInitialPassword,
    demoData: config.demoData,
    secrets,
  });
  const app = await buildApp({
    config,
    db,
    secrets,
    logger: loggerOf(config),
    demoLoaded: boot.demoLoaded,
    demoScale: config.demoScale,
  });
  if (boot.migrations.length > 0) app.log.info({ migrations: boot.migrations }, '数据库迁移完成');
  if (boot.demoLoaded) app.log.info('已载入演示数据');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, '正在关闭：等待处理中的请求完成');
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, '关闭时出错');
      process.exit(1);
    }
  };
  // One stop may come as several signals at once (stop-signals.ts): one drain for them all.
  handleStopRequests({
    drain: (signal) => void shutdown(signal),
    exitNow: () => {
      console.error('再次收到退出信号，立即退出');
      process.exit(1);
    },
  });

  await app.listen({ port: config.port, host: config.host });
  // Scheduled work (notices, ...), overdue jobs first; stopped by app.close() on shutdown.
  app.jobs.start();
  console.log(`管理后台已启动: http://localhost:${config.port}`);
  console.log(`API 文档: http://localhost:${config.port}/${config.apiService}/docs`);
  if (boot.adminCreated || boot.adminNeedsFirstChange) {
    console.log(
      `首次登录 用户名: ${ADMIN_USERNAME}  密码: ${config.adminInitialPassword}（登录后须修改密码）`,
    );
  }
  if (boot.demoLoaded) {
    console.log(`演示账号（密码均为 ${DEMO_OPERATOR_PASSWORD}）: ${demoAccountsText()}`);
  }
}

main().catch((err: unknown) => {
  console.error('启动失败：', err);
  process.exit(1);
});
