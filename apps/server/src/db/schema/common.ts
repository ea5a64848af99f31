/** 0 or 1; convert with `toDbBool` / `fromDbBool`. */
export type DbBool = 0 | 1;
/** UTC epoch milliseconds. */
export type EpochMs = number;
