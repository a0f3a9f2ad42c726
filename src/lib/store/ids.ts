import { randomBytes } from 'node:crypto';

/** Ids made by the application, so both databases store them the same way. @example newId('reg') // 'reg_6fQ…' */
export const newId = (prefix: 'sub' | 'reg' | 'msg' | 'fb') => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * One address, one subscriber: trimmed, Unicode-normalised (NFC) and lower-cased. The local part is lower-cased
 * too: case-sensitive mailboxes exist on paper only. Dots and `+tags` are kept: they can be different people.
 */
export const normaliseEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();
