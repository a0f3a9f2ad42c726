export const prerender = false;

/**
 * OpenID Connect Discovery 1.0: the same document as RFC 8414's, the staff identity provider's metadata repeated;
 * 404 when there is none.
 */
export { GET, HEAD, ALL } from './oauth-authorization-server.ts';
