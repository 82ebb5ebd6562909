import { defineEndpoints } from '../endpoint.ts';

export const HEALTH_ENDPOINTS = defineEndpoints({});
