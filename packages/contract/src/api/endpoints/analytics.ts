import { defineEndpoints } from '../endpoint.ts';

export const ANALYTICS_ENDPOINTS = defineEndpoints({});
