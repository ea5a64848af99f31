export { SessionTable, type SessionTableProps } from './SessionTable';
export { describeUserAgent } from './user-agent';
export { SESSIONS_NS } from './locales';
