// What a new password may not be (docs/security.md, "Sessions and passwords"): one of the most
// common leaked passwords, or one that contains the name of the user's email address. Checked
// when a password is set, after the setup link's token (so it tells nothing about accounts).
//
// common-passwords.txt is Mark Burnett's list of the 10,000 most common passwords (xato.net, 2011),
// one lower-case password a line, as shipped in the npm package common-password 0.1.2 (ISC
// licence; lib/"10k most common.txt", line endings made LF). The same list is SecLists'
// Passwords/Common-Credentials/10k-most-common.txt. It is read once, when first needed.
import { readFileSync } from 'node:fs';

export const COMMON_PASSWORD = 'This password is one of the most commonly leaked passwords: please choose another';
export const PASSWORD_HAS_EMAIL_NAME = 'The password must not contain the name of your email address: please choose another';
/** An email name (or a part of it) shorter than this is not looked for: it would refuse half the dictionary. */
const MIN_NAME = 3;
const MIN_PART = 4;

let common: Set<string> | null = null;
const commonPasswords = (): Set<string> =>
  (common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean),
  ));

/** How many passwords the shipped list holds. */
export const commonPasswordCount = (): number => commonPasswords().size;

/** Why the password may not be used by the owner of `email`, or null when it may. */
export function passwordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD;
  const name = email.trim().toLowerCase().split('@')[0] ?? '';
  const parts = name.split(/[._+-]+/).filter((p) => p.length >= MIN_PART);
  if ((name.length >= MIN_NAME && lower.includes(name)) || parts.some((p) => lower.includes(p))) return PASSWORD_HAS_EMAIL_NAME;
  return null;
}
