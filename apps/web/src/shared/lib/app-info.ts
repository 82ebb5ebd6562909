import { version } from '../../../package.json';

/** Spec: the product is titled Admin Portal, v1.0.0 (the web package's version). */
export const APP_NAME = 'Admin Portal';
export const APP_VERSION: string = version;
