import { defineEndpoints } from '../endpoint.ts';

export const APPLICANT_LINK_ENDPOINTS = defineEndpoints({});
