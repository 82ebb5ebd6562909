import { defineEndpoints } from '../endpoint.ts';

export const TWO_FACTOR_ENDPOINTS = defineEndpoints({});
