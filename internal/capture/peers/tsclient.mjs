// The official TypeScript SDK client (the version pinned in package.json)
// talks to the stdio server command given after the revision, normally
// `mcpcapture tee -out FILE -- node .../server-everything/dist/index.js stdio`,
// and goes through what a client does: ping, logging/setLevel, tools/list,
// tools/call (one with progress, one that makes the server ask for
// elicitation, one for sampling, and in 2025-11-25 one as a task), resources/list, resources/read,
// resources/templates/list, prompts/list, prompts/get and
// completion/complete. Run by internal/capture/record.sh:
//
//   node tsclient.mjs REVISION SERVER [ARGS...]
//
// The SDK always asks for its latest revision in initialize. To record an
// older revision, this script changes that one field on the way out, which is
// what a client configured for that revision sends; the SDK then follows the
// revision the server answers with.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [revision, command, ...args] = process.argv.slice(2);
if (!revision || !command) {
  console.error('usage: node tsclient.mjs REVISION SERVER [ARGS...]');
  process.exit(2);
}
const deadline = setTimeout(() => {
  console.error('tsclient: still running after 60 s');
  process.exit(3);
}, 60_000);

// An answer to an elicitation: each field's default, else a value of its type.
function answer(schema) {
  const content = {};
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (p.default !== undefined) content[name] = p.default;
    else if (p.enum) content[name] = p.enum[0];
    else if (p.oneOf) content[name] = p.oneOf[0].const;
    else if (p.type === 'array') content[name] = [p.items?.enum?.[0] ?? p.items?.anyOf?.[0]?.const];
    else if (p.type === 'boolean') content[name] = true;
    else if (p.type === 'integer') content[name] = 7;
    else if (p.type === 'number') content[name] = 2.5;
    else if (p.format === 'email') content[name] = 'ada@example.com';
    else if (p.format === 'uri') content[name] = 'https://example.com/ada';
    else if (p.format === 'date') content[name] = '1815-12-10';
    else content[name] = 'Ada';
  }
  return { action: 'accept', content };
}

const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
const send = transport.send.bind(transport);
transport.send = (message, options) => {
  if (message.method === 'initialize') message.params.protocolVersion = revision;
  return send(message, options);
};
const client = new Client(
  { name: 'playground-capture-ts', version: '1.0.0' },
  { capabilities: { elicitation: {}, sampling: {}, roots: { listChanged: true } } },
);
client.setRequestHandler(ElicitRequestSchema, (req) => answer(req.params.requestedSchema));
client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///tmp/capture', name: 'capture' }] }));
client.setRequestHandler(CreateMessageRequestSchema, () => ({
  role: 'assistant',
  content: { type: 'text', text: 'A short poem about the sea.' },
  model: 'capture-model',
  stopReason: 'endTurn',
}));

await client.connect(transport);
const got = client.getServerVersion();
console.error(`tsclient: connected to ${got?.name} ${got?.version}`);
await client.ping();
await client.setLoggingLevel('info');
const { tools } = await client.listTools();
const names = new Set(tools.map((t) => t.name));
await client.callTool({ name: 'echo', arguments: { message: 'hello from the capture' } });
await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
let progress = 0;
await client.callTool(
  { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
  undefined,
  { onprogress: () => { progress++; } },
);
if (progress === 0) throw new Error('no progress notification reached onprogress');
for (const name of ['trigger-elicitation-request', 'trigger-sampling-request']) {
  if (!names.has(name)) throw new Error(`the server does not list ${name}`);
}
await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Write about the sea', maxTokens: 50 } });
if (revision >= '2025-11-25') {
  // A task-augmented call (tasks came with 2025-11-25): the SDK sends
  // params.task, polls tasks/get and fetches tasks/result.
  let status = '';
  for await (const m of client.experimental.tasks.callToolStream({ name: 'simulate-research-query', arguments: { topic: 'tides' } })) {
    if (m.type === 'error') throw m.error;
    status = m.type;
  }
  if (status !== 'result') throw new Error(`the task ended with ${status}, not a result`);
}
const { resources } = await client.listResources();
await client.readResource({ uri: resources[0].uri });
await client.listResourceTemplates();
const { prompts } = await client.listPrompts();
await client.getPrompt({ name: 'simple-prompt' });
await client.getPrompt({ name: 'args-prompt', arguments: { city: 'Paris' } });
await client.complete({
  ref: { type: 'ref/prompt', name: 'completable-prompt' },
  argument: { name: 'department', value: 'E' },
});
console.error(`tsclient: ${tools.length} tools, ${resources.length} resources, ${prompts.length} prompts`);
await client.close();
clearTimeout(deadline);
