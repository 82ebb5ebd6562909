import { defineEndpoints } from '../endpoint.ts';

export const PASSKEY_ENDPOINTS = defineEndpoints({});
