// The course's gift server written with the official TypeScript SDK, as a
// learner would: internal/servercheck's tests run every server exercise
// against it, to prove the steps accept a correct server that is not ours.
// stdio by default; with --http, Streamable HTTP on a free loopback port
// (the URL is printed on stderr).
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function giftServer() {
  const server = new McpServer({ name: 'ts-gift-server', version: '0.1.0' });
  server.registerTool('suggest_gifts', {
    description: 'Suggests gift ideas for an occasion, within a budget in US dollars.',
    inputSchema: { occasion: z.string(), budget: z.number(), recipient: z.string().optional() },
  }, async ({ occasion, budget }) => {
    if (budget < 10) {
      return { isError: true, content: [{ type: 'text', text: `Nothing fits a budget of $${budget} for a ${occasion}.` }] };
    }
    return { content: [{ type: 'text', text: 'Cooperative board game ($39)' }] };
  });
  server.registerResource('catalog', 'gift://catalog', { mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: '{"gifts":[]}' }] }));
  server.registerPrompt('gift_congrats_style', { argsSchema: { occasion: z.string(), tone: z.string().optional() } },
    ({ occasion, tone }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Write a ${tone ?? 'warm'} card for a ${occasion}.` } }] }));
  return server;
}

if (process.argv.includes('--http')) {
  // Stateless: a server and a transport per request, as the SDK shows it.
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const server = giftServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => { transport.close(); server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  http.listen(0, '127.0.0.1', () => console.error(`url=http://127.0.0.1:${http.address().port}/mcp`));
} else {
  await giftServer().connect(new StdioServerTransport());
}
