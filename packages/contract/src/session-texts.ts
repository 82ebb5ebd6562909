// Zod-free: the web's sessions lists import these texts without loading the schemas (zod-free.test.ts).

/** The texts of the sessions lists (the profile's Security tab, the Users page's Sessions dialog) and their answers. */
export const SESSION_TEXTS = {
  sessionEnded: 'Session signed out',
  othersEnded: (n: number) => (n === 0 ? 'No other session was signed in' : `${n} other session${n === 1 ? '' : 's'} signed out`),
  allEnded: (n: number) => (n === 0 ? 'The user had no session signed in' : `${n} session${n === 1 ? '' : 's'} signed out`),
  unknownDevice: 'Unknown device',
  thisDevice: 'This device',
} as const;
