import { defineEndpoints } from '../endpoint.ts';

export const SEARCH_ENDPOINTS = defineEndpoints({});
