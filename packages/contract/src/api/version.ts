/**
 * The API's version (the OpenAPI document's `info.version`), semantic: a minor version adds, a major one breaks.
 * Each version has its section in docs/guide/api-changelog.md.
 */
export const API_VERSION = '1.1.0';
