/** A JSON-RPC error outside any request, the way the MCP SDK's transport answers transport-level failures. */
export function jsonRpcError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): Response {
  return new Response(jsonRpcErrorBody(message, code), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The body alone: `{"jsonrpc":"2.0","error":{code,message},"id":null}`. */
export const jsonRpcErrorBody = (message: string, code = -32000) =>
  JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
