export { ListPage, type ListPageProps } from './ListPage';
export type {
  BatchContext,
  ExportSpec,
  ListColumn,
  ListPageAction,
  ListParams,
  ListRequest,
  SearchFieldType,
  SearchOption,
  SearchSpec,
} from './types';
export { PATTERNS_NS } from './locales';
export { exportIf, memberColumn, timeColumn, type MemberCellRow } from './columns';
export { ConfirmAction, type ConfirmActionProps } from './RowActions';
export { AddButton } from './AddButton';
