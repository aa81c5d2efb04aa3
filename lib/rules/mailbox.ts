// The mailbox an e-mail address delivers to, for the limits that protect a mailbox (how many
// confirmations or sign-in links one person receives). Many providers deliver `nome+tag@` to
// `nome@` (plus-addressing), and Gmail also ignores the dots of the local part, so `n.o.m.e@` is
// the same mailbox. A limit keyed by the address as typed is escaped by writing it another way;
// keyed by this, it is not. Mail still goes to the address as typed: this only names the mailbox.

/**
 * Domains whose mailboxes ignore the dots of the local part: Gmail's (gmail.com, and its older
 * googlemail.com, the same mailboxes). Other providers may treat a dot as part of the name
 * (Outlook, most company servers), so dots are kept there: two real people are never merged.
 */
const DOTLESS_DOMAINS = new Set(["gmail.com"]);

/** Domains that are another name of the same mail service. */
const DOMAIN_ALIASES: Readonly<Record<string, string>> = { "googlemail.com": "gmail.com" };

/**
 * The mailbox's key: lower case, without the spaces around, without the `+tag` of the local part,
 * without its dots on Gmail, with googlemail.com read as gmail.com. Text without one "@" between a
 * local part and a domain is returned lowercased and trimmed (the schemas refuse it before here).
 */
export function mailboxKey(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at <= 0 || at === text.length - 1) return text;
  const domainPart = text.slice(at + 1);
  const domain = DOMAIN_ALIASES[domainPart] ?? domainPart;
  const plus = text.indexOf("+");
  let local = text.slice(0, plus >= 0 && plus < at ? plus : at);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, "");
  // "+tag@" alone (no name before the tag) keeps its text: there is no other mailbox to name.
  if (local === "") return text;
  return `${local}@${domain}`;
}
