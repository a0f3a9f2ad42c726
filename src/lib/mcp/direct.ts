/**
 * A `tools/call` of search_site or get_page answered without the SDK: no server, transport, Fetch Request or Astro
 * per call. A fresh SDK server per request (stateless serving) costs more than the call itself, and these two
 * tools are most of the traffic. Only a request the SDK would take as it is comes here: the same header checks, one
 * JSON-RPC request (no batch), arguments that pass the tool's schema. Everything else (initialize, tools/list,
 * ask_site, bad input, errors in the protocol) is left to the SDK server (handle.ts), so its answers stay the
 * SDK's. The result is the one the SDK server gives: the same tool functions (server.ts `simpleTools`).
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { simpleTools, type McpDependencies } from './server.ts';

type HeaderGet = { get(name: string): string | null };

/**
 * The JSON-RPC response body (`application/json`, status 200) for `body`, or undefined when the SDK must answer.
 * `deps` is called only when the call is answered here.
 */
export async function directToolCall(
  headers: HeaderGet,
  body: string,
  deps: () => McpDependencies,
): Promise<string | undefined> {
  const accept = headers.get('accept');
  // As the SDK's transport: Accept lists both types, Content-Type is JSON, a protocol version it knows (or none).
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!/^application\/json\s*(;|$)/i.test(headers.get('content-type') ?? '')) return undefined;
  const version = headers.get('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isToolCall(message)) return undefined;
  const { id, params } = message;
  const tool = simpleTools[params.name as keyof typeof simpleTools];
  if (!tool || !Object.hasOwn(simpleTools, params.name)) return undefined;
  const args = tool.input.safeParse(params.arguments);
  if (!args.success) return undefined;
  const result: CallToolResult = await tool.call(deps(), args.data as never);
  return JSON.stringify({ result, jsonrpc: '2.0', id });
}

interface ToolCall {
  jsonrpc: '2.0';
  id: string | number;
  method: 'tools/call';
  params: { name: string; arguments?: unknown };
}

function isToolCall(m: unknown): m is ToolCall {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const { jsonrpc, id, method, params } = m as Record<string, unknown>;
  return (
    jsonrpc === '2.0' &&
    method === 'tools/call' &&
    (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) &&
    typeof params === 'object' &&
    params !== null &&
    typeof (params as { name?: unknown }).name === 'string' &&
    // Only a name and arguments: `_meta` (progress) or `task` (task-augmented calls) change what the SDK does.
    Object.keys(params).every((key) => key === 'name' || key === 'arguments')
  );
}
