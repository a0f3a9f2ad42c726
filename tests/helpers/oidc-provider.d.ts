// oidc-provider ships JavaScript without type declarations; the test harness uses a small part of it.
declare module 'oidc-provider';
