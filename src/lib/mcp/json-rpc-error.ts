/** A JSON-RPC error outside any request, the way the MCP SDK's transport answers transport-level failures. */
export function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}
