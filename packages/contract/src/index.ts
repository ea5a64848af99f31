// Platform: constants, envelope, ids, lists, the front-path catalogue.
export * from './constants.js';
export * from './envelope.js';
export * from './catalogue.js';
export * from './password.js';
export * from './format.js';
export * from './ids.js';
export * from './pagination.js';
export * from './list-query.js';
export * from './content-fields.js';
export * from './api-paths.js';
// Areas, one file per entity (`<area>/<entity>.ts`).
export * from './auth/login.js';
export * from './system/overview.js';
export * from './system/settings.js';
export * from './system/uploads.js';
export * from './system/search-words.js';
export * from './system/sms-templates.js';
export * from './system/agreements.js';
export * from './authority/authority.js';
export * from './authority/operate-logs.js';
export * from './member/relationship.js';
export * from './member/members.js';
export * from './member/member-admin.js';
export * from './member/points.js';
export * from './member/sign-ins.js';
export * from './member/notices.js';
