interface NamedUser {
  first_name: string;
  last_name: string;
  email: string;
}

/** "First Last", or the email when the name is empty. */
export function displayName(user: NamedUser): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
