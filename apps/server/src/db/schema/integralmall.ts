import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

/** 积分商城's tables (migration 0020): contract integralmall/*. */

export type MallPackageKind = 'goods' | 'service';
export type MallOrderStatusValue = 'to_ship' | 'shipped' | 'completed' | 'cancelled';
export type MallReviewStatusValue = 'none' | 'pending' | 'approved' | 'rejected';

/** A goods category or a service package. */
export interface MallPackageTypesTable {
  id: Generated<number>;
  name: string;
  kind: MallPackageKind;
  /** JSON: [{ kind, count }] health tasks per unit (service packages). */
  tasks_json: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<DbBool>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MallGoodsTable {
  id: Generated<number>;
  name: string;
  package_type_id: number | null;
  /** JSON: string[]. */
  images_json: Generated<string>;
  points_price: number;
  cash_fen: Generated<number>;
  stock: number;
  sold: Generated<number>;
  limit_per_member: Generated<number>;
  description: Generated<string>;
  on_shelf: Generated<DbBool>;
  review_status: Generated<MallReviewStatusValue>;
  review_remark: Generated<string>;
  sort: Generated<number>;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  deleted_at: EpochMs | null;
}

export interface MallOrdersTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  goods_id: number;
  goods_name: string;
  goods_image: Generated<string>;
  goods_kind: MallPackageKind;
  quantity: number;
  points_price: number;
  points_total: number;
  cash_fen: Generated<number>;
  receiver: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  remark: Generated<string>;
  status: MallOrderStatusValue;
  courier: string | null;
  tracking_no: string | null;
  shipped_at: EpochMs | null;
  completed_at: EpochMs | null;
  cancelled_at: EpochMs | null;
  cancel_reason: Generated<string>;
  redeem_ledger_id: number | null;
  refund_ledger_id: number | null;
  idempotency_key: string | null;
  created_by_id: number | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A step of an order's state machine (and its placing): the order's timeline. */
export interface MallOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  from_status: MallOrderStatusValue | null;
  to_status: MallOrderStatusValue;
  operator_id: number | null;
  operator_name: string;
  remark: string;
  created_at: EpochMs;
}

/** A courier file checked for bulk shipping (migration 0022): its rows and results as JSON. */
export interface MallShipBatchesTable {
  id: Generated<number>;
  file_name: string;
  status: 'checked' | 'committed';
  rows_json: string;
  total: number;
  valid_count: number;
  shipped_count: Generated<number>;
  failed_count: Generated<number>;
  operator_id: number | null;
  operator_name: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface IntegralmallTables {
  mall_package_types: MallPackageTypesTable;
  mall_goods: MallGoodsTable;
  mall_orders: MallOrdersTable;
  mall_order_events: MallOrderEventsTable;
  mall_ship_batches: MallShipBatchesTable;
}
