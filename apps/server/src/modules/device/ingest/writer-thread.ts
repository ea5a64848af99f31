/**
 * The ingest writer's thread (writer.ts ThreadIngestWriter): its own connection to the SQLite
 * file, the readings it is sent stored by storeReading in group-committed transactions, each
 * answered after its commit. It waits for the server's thread before each transaction when that
 * one wants the write lock (database.ts SqliteWriteTurns).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../db/database.js';
import { GroupCommit } from '../../../platform/group-commit.js';
import { JobScheduler } from '../../../platform/jobs.js';
import { applyGrowth } from '../../member/grades/service.js';
import { PointsService, growthVia } from '../../member/points/service.js';
import { storeReading, type StoreDeps, type StoreRules } from './store.js';
import {
  errorAsData,
  type WriterAnswer,
  type WriterRequest,
  type WriterThreadData,
} from './writer.js';

const data = workerData as WriterThreadData;
const db = openDatabase({
  kind: 'sqlite',
  file: data.file,
  readWorkers: 0,
  yieldTo: data.mainIntent,
});
const commits = new GroupCommit(db);
let rules: StoreRules | null = null;

const deps: StoreDeps = {
  // The points of a reading at its own time (the thread has no clock of the app's).
  points: (now) =>
    new PointsService(
      db,
      now,
      () => rules!.integral,
      growthVia({ applyGrowth: (trx, ...args) => applyGrowth(trx, now, ...args) }),
    ),
  scheduleJob: (trx, kind, refId, runAt) =>
    new JobScheduler(db, () => runAt, { pollIntervalMs: 0 }).schedule(kind, refId, runAt, trx),
};

parentPort!.on('message', (request: WriterRequest) => {
  if (request.rules) rules = request.rules;
  const current = rules!;
  commits
    .run((trx) => storeReading(trx, request.unit, current, deps))
    .then(
      (result) => parentPort!.postMessage({ seq: request.seq, result } satisfies WriterAnswer),
      (err: unknown) =>
        parentPort!.postMessage({
          seq: request.seq,
          error: errorAsData(err),
        } satisfies WriterAnswer),
    );
});
