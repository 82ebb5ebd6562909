import { defineEndpoints } from '../endpoint.ts';

export const DEMO_TRAFFIC_ENDPOINTS = defineEndpoints({});
