import { defineEndpoints } from '../endpoint.ts';

export const APPLICATION_ENDPOINTS = defineEndpoints({});
