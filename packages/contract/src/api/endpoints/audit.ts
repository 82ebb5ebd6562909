import { defineEndpoints } from '../endpoint.ts';

export const AUDIT_ENDPOINTS = defineEndpoints({});
