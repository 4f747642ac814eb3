// "Once per person" for bonuses. Emails are not unique here (one person may hold several
// usernames), so a person is recognised by what the sign-up form tells us. Two accounts
// are taken for the same person when they share any one of:
//
// - the email address, compared the way mail is delivered: case-insensitive, without a
//   "+tag" in the local part, and for Gmail without dots (all reach one mailbox; the
//   activation link proves the player reads it, so this is the strongest mark);
// - the phone number, digits only (the form joins the dial code and the number);
// - first name, last name and birthday together, compared without case, accents,
//   repeated spaces or the order of the two names;
// - the address the account was registered from, but only while the operator's
//   one-account-per-IP setting is on: otherwise one address is routinely shared by a
//   household, an office or a mobile network's NAT, and says nothing about the person.
//
// Not used: the postal address (a family or a flat share is several people, and the
// terms promise once per person, not per household), the city or country alone, and the
// browser's self-reported IP (anyone can send any value).
//
// A mark is a SHA-256 digest with its kind in front, so the claims table holds nothing
// readable. The phone number, name and birthday are not verified; someone who enters
// another person's details can only make that person's later claim be refused, which
// support can see and correct.
import { createHash } from 'node:crypto';

export interface PersonDetails {
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthday: string;
  /** The address the account was registered from, when known. */
  ipAddress: string | null;
}

const digest = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('hex')}`;

/** Lower case, no accents, single spaces, NFKC: "  Zoë  O'Brien" and "zoe o'brien" read the same. */
function plain(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address reaches: "First.Last+casino@GoogleMail.com" → "firstlast@gmail.com". */
export function mailboxOf(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/**
 * The marks by which another account of the same person is recognised: `details` (email,
 * phone, name and birthday) always count; `address` (the registration address) counts
 * only while one account per IP is on, but is worth recording either way.
 */
export function personMarks(p: PersonDetails): { details: string[]; address: string | undefined } {
  const details = [digest('email', mailboxOf(p.email))];
  const phone = p.phoneNumber.replace(/\D/g, '');
  if (phone.length >= 7) details.push(digest('phone', phone));
  const names = [plain(p.firstName), plain(p.lastName)].sort();
  if (names[0] && names[1] && p.birthday) details.push(digest('person', `${names[0]}|${names[1]}|${p.birthday}`));
  return { details, address: p.ipAddress ? digest('ip', p.ipAddress) : undefined };
}
