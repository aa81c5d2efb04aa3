// Who sent a payment link, as the client reads it: the despachante's name and office, or the
// account's e-mail address while they have not said their name.

export type Sender = { name?: string | null; officeName?: string | null; email: string };

export function senderName(s: Sender): string {
  const name = s.name?.trim() ?? "";
  const office = s.officeName?.trim() ?? "";
  if (name && office && name.toLowerCase() !== office.toLowerCase()) return `${name} (${office})`;
  return name || office || s.email;
}

/** Whether the despachante has told us who they are (the first sign-in asks until they do). */
export function hasProfile(s: Pick<Sender, "name" | "officeName">): boolean {
  return Boolean(s.name?.trim() && s.officeName?.trim());
}
