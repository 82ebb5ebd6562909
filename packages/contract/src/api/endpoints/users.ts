import { defineEndpoints } from '../endpoint.ts';

export const USER_ENDPOINTS = defineEndpoints({});
