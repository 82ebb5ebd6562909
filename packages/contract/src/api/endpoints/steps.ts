import { defineEndpoints } from '../endpoint.ts';

export const STEP_ENDPOINTS = defineEndpoints({});
