/**
 * A staff session ends a fixed time after sign-in, however often it is used. Auth.js re-issues the session
 * cookie with a fresh expiry whenever the session is read, so an expiry alone would let a copied cookie (or a
 * former employee's) live for ever. The sign-in time goes into the token instead, and the token is refused once
 * that is older than the lifetime.
 */
import { encode, type JWT, type JWTEncodeParams } from '@auth/core/jwt';
import type { Session } from '@auth/core/types';

const now = () => Math.floor(Date.now() / 1000);
// A sign-in time further ahead than this is not ours (or the clock jumped): no session.
const CLOCK_SKEW = 60;

/** The end of the session this token belongs to, in Unix seconds; undefined without a believable sign-in time. */
function endOf(token: JWT | undefined, lifetime: number): number | undefined {
  const at = token?.signedInAt;
  if (typeof at !== 'number' || !Number.isFinite(at) || at > now() + CLOCK_SKEW) return undefined;
  return at + lifetime;
}

/** Auth.js callbacks and the token encoder for sessions that end `lifetime` seconds after sign-in. */
export function sessionCallbacks(lifetime: number) {
  return {
    /** On sign-in, records the time; afterwards, null (no session, cookie cleared) once the lifetime is over. */
    jwt({ token, trigger }: { token: JWT; trigger?: string }): JWT | null {
      if (trigger === 'signIn' || trigger === 'signUp') return { ...token, signedInAt: now() };
      const end = endOf(token, lifetime);
      return end !== undefined && now() < end ? token : null;
    },
    /** The session says when it really ends, not when the re-issued cookie would. */
    session({ session, token }: { session: Session; token: JWT }): Session {
      const end = endOf(token, lifetime) ?? now();
      return { ...session, expires: new Date(end * 1000).toISOString() };
    },
    /** The token's own `exp` is the end of the session too, not the refresh time plus the lifetime. */
    encode(params: JWTEncodeParams): Promise<string> {
      const end = endOf(params.token, lifetime);
      return encode({ ...params, maxAge: end === undefined ? lifetime : Math.max(1, end - now()) });
    },
  };
}
