// A learner's client, written with the official TypeScript SDK (the
// version pinned in package.json), for internal/clientcheck's tests: it
// reaches the server at MCP_SERVER_URL and does what the exercise named
// first on its command line asks, as the exercise's statement says.
//
//   node client.mjs first-call|server-requests|progress-cancel|pages
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

const exercise = process.argv[2];
const client = new Client(
  { name: 'learner-ts-client', version: '1.0.0' },
  { capabilities: { roots: {}, elicitation: {}, sampling: {} } },
);

// The user's answers to the three questions: accept, decline, cancel.
let asked = 0;
client.setRequestHandler(ElicitRequestSchema, async () => {
  asked += 1;
  if (asked === 1) return { action: 'accept', content: { category: 'games' } };
  return { action: asked === 2 ? 'decline' : 'cancel' };
});
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///home/ada/gifts', name: 'gifts' }] }));
client.setRequestHandler(CreateMessageRequestSchema, async () => ({
  role: 'assistant', content: { type: 'text', text: 'Happy birthday, and may the dice be kind!' }, model: 'learner-model',
}));

// listAll follows nextCursor to the last page.
async function listAll() {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

await client.connect(new StreamableHTTPClientTransport(new URL(process.env.MCP_SERVER_URL)));
switch (exercise) {
  case 'first-call':
    await client.listTools();
    await client.callTool({ name: 'suggest_gifts', arguments: { occasion: 'birthday', budget: 50 } });
    break;
  case 'server-requests':
    await client.callTool({ name: 'ask_gift_preferences', arguments: {} });
    await client.callTool({ name: 'write_card_message', arguments: { occasion: 'birthday' } });
    break;
  case 'progress-cancel': {
    const stop = new AbortController();
    let seen = 0;
    try {
      await client.callTool({ name: 'prepare_delivery', arguments: { steps: 5 } }, undefined, {
        signal: stop.signal,
        onprogress: async () => {
          seen += 1;
          if (seen === 1) await client.ping();
          else stop.abort('The user stopped the delivery.');
        },
      });
    } catch {
      // cancelled, as the exercise asks
    }
    // The SDK sends notifications/cancelled without waiting for it to
    // leave: the client goes on (a ping) rather than closing under it.
    await client.ping().catch(() => {});
    break;
  }
  case 'pages': {
    await listAll();
    const changed = new Promise((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    await client.callTool({ name: 'unlock_gift_wrapping', arguments: {} });
    await changed;
    await listAll();
    await client.callTool({ name: 'wrap_gift', arguments: {} });
    break;
  }
  default:
    console.error(`unknown exercise ${exercise}`);
    process.exit(2);
}
await client.close();
