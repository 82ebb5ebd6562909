import { defineEndpoints } from '../endpoint.ts';

export const AUTH_ENDPOINTS = defineEndpoints({});
