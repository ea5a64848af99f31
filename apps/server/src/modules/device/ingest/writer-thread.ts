/**
 * The ingest writer's thread (writer.ts ThreadIngestWriter): its own connection to the SQLite
 * file, the readings it is sent stored by storeReading in group-committed transactions, each
 * answered after its commit. It waits for the server's thread before each transaction when that
 * one wants the write lock (database.ts SqliteWriteTurns).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase } from '../../../db/database.js';
import { GroupCommit } from '../../../platform/group-commit.js';
import { JobScheduler } from '../../../platform/jobs.js';
import { PointsService, growthVia } from '../../member/points/service.js';
import { storeReading, type StoreDeps, type StoreRules } from './store.js';
import {
  errorAsData,
  Outbox,
  type WriterAnswer,
  type WriterAnswers,
  type WriterRequests,
  type WriterThreadData,
} from './writer.js';

const data = workerData as WriterThreadData;
const db = openDatabase({
  kind: 'sqlite',
  file: data.file,
  readWorkers: 0,
  yieldTo: data.mainIntent,
});
// The WAL is copied back into the file (a checkpoint, run by the connection whose commit takes
// the WAL past this many pages) every 10,000 pages (~40 MB) instead of SQLite's 1,000: each
// reading dirties a few index pages, so at thousands of readings a second the 1,000-page mark
// came many times a second, each time writing and syncing the file. Pages changed again and again
// (the devices' and members' latest index leaves) are copied once per checkpoint. Measured with
// the ingest bench in three alternating pairs of runs: 7,558–8,436 → 8,080–8,975 readings/s,
// each pair in its favour (docs/performance.md); 4,000 and 30,000 pages did no better.
// Commits still sync the WAL (synchronous = FULL): durability is unchanged.
const WAL_AUTOCHECKPOINT_PAGES = 10_000;
await sql.raw(`pragma wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`).execute(db);
const commits = new GroupCommit(db);
let rules: StoreRules | null = null;

const deps: StoreDeps = {
  // The points of a reading at its own time (the thread has no clock of the app's).
  points: (now) => new PointsService(db, now, () => rules!.integral, growthVia()),
  scheduleJob: (trx, kind, refId, runAt) =>
    new JobScheduler(db, () => runAt, { pollIntervalMs: 0 }).schedule(kind, refId, runAt, trx),
};

// The answers of one commit go back in one message: its units' results settle one after the
// other in the same microtask queue, and the flush queued by the first runs after the last.
const answers = new Outbox<WriterAnswer>(
  (list: WriterAnswers) => parentPort!.postMessage(list),
  queueMicrotask,
);

parentPort!.on('message', (requests: WriterRequests) => {
  for (const request of requests) {
    if (request.rules) rules = request.rules;
    const current = rules!;
    commits
      .run((trx) => storeReading(trx, request.unit, current, deps))
      .then(
        (result) => answers.add({ seq: request.seq, result }),
        (err: unknown) => answers.add({ seq: request.seq, error: errorAsData(err) }),
      );
  }
});
