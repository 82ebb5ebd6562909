import { defineEndpoints } from '../endpoint.ts';

export const SYSTEM_ENDPOINTS = defineEndpoints({});
