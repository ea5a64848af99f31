import { demoStaff, type DemoStaff } from '../../authority/demo/authority.js';
import type { DeviceImportRowError } from '@health/contract';
import type { Insertable, Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database, DeviceImportRowsTable } from '../../../db/schema.js';

/**
 * Demo imports (批量导入): the file the oldest demo devices came from, imported, with the rows it
 * refused; and a newer file validated and waiting to be imported.
 */

type Row = Omit<Insertable<DeviceImportRowsTable>, 'batch_id' | 'row_no'>;

const valid = (serial: string, model: { id: number; name: string }, firmware = ''): Row => ({
  serial,
  model_name: model.name,
  firmware,
  stock_date: '',
  remark: '',
  model_id: model.id,
  stock_at: null,
  valid: 1,
  errors_json: '[]',
  result: null,
  skip_reason: null,
});

const invalid = (
  serial: string,
  modelName: string,
  errors: DeviceImportRowError[],
  extra: Partial<Row> = {},
): Row => ({
  serial,
  model_name: modelName,
  firmware: '',
  stock_date: '',
  remark: '',
  model_id: null,
  stock_at: null,
  valid: 0,
  errors_json: JSON.stringify(errors),
  result: null,
  skip_reason: null,
  ...extra,
});

async function insertBatch(
  db: Kysely<Database>,
  fileName: string,
  at: number,
  rows: Row[],
  imported: boolean,
  by: DemoStaff,
): Promise<void> {
  const validCount = rows.filter((r) => r.valid === 1).length;
  const batch = await db
    .insertInto('device_imports')
    .values({
      file_name: fileName,
      status: imported ? 'imported' : 'validated',
      message: '',
      size_bytes: rows.length * 48,
      read_bytes: rows.length * 48,
      processed: rows.length,
      total: rows.length,
      valid_count: validCount,
      invalid_count: rows.length - validCount,
      imported_count: imported ? validCount : 0,
      skipped_count: 0,
      operator_id: by.id,
      operator_name: by.name,
      created_at: at,
      updated_at: imported ? at + 60_000 : at,
      validated_at: at,
      imported_at: imported ? at + 60_000 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('device_import_rows')
    .values(
      rows.map((r, i) => ({
        ...r,
        batch_id: Number(batch.id),
        row_no: i + 2,
        result: imported && r.valid === 1 ? ('imported' as const) : null,
      })),
    )
    .execute();
}

export async function seedImports(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const devices = await db
    .selectFrom('devices as d')
    .innerJoin('device_models as m', 'm.id', 'd.model_id')
    .select(['d.serial', 'd.firmware', 'd.model_id', 'm.name as model_name', 'd.created_at'])
    .orderBy('d.created_at')
    .limit(40)
    .execute();
  if (devices.length === 0) return;
  const first = devices[0]!;
  const bp = await db
    .selectFrom('device_models')
    .select(['id', 'name'])
    .where('name', '=', '康护 BP-A1 上臂式血压计')
    .executeTakeFirst();
  const model = bp
    ? { id: Number(bp.id), name: bp.name }
    : { id: Number(first.model_id), name: first.model_name };

  // The oldest devices came in one file; it also had rows the validation refused.
  const rows: Row[] = devices.map((d) =>
    valid(d.serial, { id: Number(d.model_id), name: d.model_name }, d.firmware),
  );
  rows.splice(
    5,
    0,
    invalid('BP-0001', model.name, [{ code: 'serialFormat' }]),
    invalid('BPA1-2025999', '康护 BP-A2 上臂式血压计', [{ code: 'modelNotFound' }]),
    invalid('BPA1-2025998', model.name, [{ code: 'stockDateFormat' }], {
      stock_date: '2024/13/01',
    }),
  );
  // The imports are the demo super-admin's, as the devices' import events say.
  const admin = await demoStaff(db, 'zhouqiang');
  await insertBatch(
    db,
    '首批设备入库.xlsx',
    Number(first.created_at) - demo.day,
    rows,
    true,
    admin,
  );

  // A newer file, validated, waiting for the operator.
  const pending: Row[] = [];
  for (let i = 1; i <= 12; i++)
    if (i !== 5) pending.push(valid(`BPA1-2025${String(i).padStart(3, '0')}`, model));
  // Row 6 (the fifth serial) is on two rows of the file: both refused.
  pending.splice(
    4,
    0,
    invalid('BPA1-2025005', model.name, [{ code: 'serialDuplicate', rows: [15] }]),
  );
  pending.push(
    invalid('', model.name, [{ code: 'serialRequired' }]),
    invalid('BPA1-2025005', model.name, [{ code: 'serialDuplicate', rows: [6] }]),
    invalid(devices[0]!.serial, model.name, [{ code: 'serialExists' }]),
    invalid('BPA1-2025013', '', [{ code: 'modelRequired' }]),
  );
  await insertBatch(db, '补货-待导入.csv', demo.now - 2 * demo.day, pending, false, admin);
}
