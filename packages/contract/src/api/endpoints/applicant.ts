import { defineEndpoints } from '../endpoint.ts';

export const APPLICANT_ENDPOINTS = defineEndpoints({});
