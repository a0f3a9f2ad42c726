import type { McpDependencies } from './server.ts';

/** ask_site: the chat's answer. Until the chat module is on this branch there is no model to ask. */
export const askSite: McpDependencies['ask'] = async () => ({
  error: 'The chat is not available: no model configured on this site. Use search_site and get_page instead.',
});
