/** Up to two letters for an avatar: first and last name initials, else the email's first letter. */
export function initialsOf(user: { first_name: string; last_name: string; email: string }): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}
