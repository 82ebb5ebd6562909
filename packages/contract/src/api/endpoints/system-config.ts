import { defineEndpoints } from '../endpoint.ts';

export const SYSTEM_CONFIG_ENDPOINTS = defineEndpoints({});
