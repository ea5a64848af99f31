import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import type { DemoApp } from '../../platform/area.js';
import type { AppContext } from '../../platform/context.js';
import { seedDevices } from './demo/devices.js';
import { loadDemoHistory } from './demo/history.js';

/** Demo models and devices in every state of their lifecycle. */
export async function deviceDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedDevices(db, demo);
}

/** The demo devices' weeks of readings, through the signed ingest route (demo/history.ts). */
export async function deviceDemoThroughApi(app: DemoApp, ctx: AppContext): Promise<void> {
  await loadDemoHistory(app, ctx);
}
