// Run by bootstrap.test.ts as a separate process: bootstrap the SQLite file given as the first
// argument (with demo data) and print the result as JSON. Two of these at once are two servers
// starting on one new embedded database.
import { bootstrapDatabase } from '../../src/db/bootstrap.js';
import { openDatabase } from '../../src/db/database.js';

const file = process.argv[2];
if (!file) throw new Error('usage: bootstrap-process.ts <sqlite file>');
const db = openDatabase({ kind: 'sqlite', file });
const result = await bootstrapDatabase(db, {
  adminInitialPassword: 'First@123',
  demoData: true,
  now: Number(process.argv[3] ?? Date.now()),
});
await db.destroy();
process.stdout.write(JSON.stringify(result));
