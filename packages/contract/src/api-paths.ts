/** API paths below `/{service}` (the service segment is configurable, default "api"). */
export const DEFAULT_API_SERVICE = 'api';
/** The OpenAPI document and its UI. */
export const DOCS_PATH = '/docs';
