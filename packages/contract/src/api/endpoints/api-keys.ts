import { defineEndpoints } from '../endpoint.ts';

export const API_KEY_ENDPOINTS = defineEndpoints({});
