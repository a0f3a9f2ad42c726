import { ApiError, notFound } from '../http/api-error.ts';

/** 404 on every /api/auth/ path of a server without a staff identity provider. */
export const signInNotConfigured = () => notFound('Staff sign-in is not configured on this server.');

/** 400 for a request Auth.js refused itself (it answers those as a bare JSON `null`). */
export const signInRefused = () =>
  new ApiError(400, 'INVALID_BODY', 'The sign-in service refused this request.', {
    resolution: 'Staff sign in through /staff/sign-in; the Auth.js endpoints take only what its forms send.',
  });
