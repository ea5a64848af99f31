/** Tables of the report centre (migrations 0013 onwards). */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the report entities
export interface ReportTables {}
