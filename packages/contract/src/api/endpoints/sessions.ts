import { defineEndpoints } from '../endpoint.ts';

export const SESSION_ENDPOINTS = defineEndpoints({});
