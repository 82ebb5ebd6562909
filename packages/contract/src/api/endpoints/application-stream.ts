import { defineEndpoints } from '../endpoint.ts';

export const APPLICATION_STREAM_ENDPOINTS = defineEndpoints({});
