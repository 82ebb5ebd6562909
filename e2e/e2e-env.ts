/** Settings shared by playwright.config.ts (which starts the server) and the specs (which sign in). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A throwaway database for each run; deleted before the server starts. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-test-e2e';

/** The first super administrator the server creates on its empty database. */
export const E2E_ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'E2e-Admin-Passw0rd!',
  name: 'System Administrator',
  roleLabel: 'Super Administrator',
  organization: 'Headquarters',
} as const;
