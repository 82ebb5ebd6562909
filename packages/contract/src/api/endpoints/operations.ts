import { defineEndpoints } from '../endpoint.ts';

export const OPERATIONS_ENDPOINTS = defineEndpoints({});
