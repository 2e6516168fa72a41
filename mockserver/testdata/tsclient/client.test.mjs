// The official TypeScript SDK client against the gift server: it lists the
// tools, calls suggest_gifts, and validates structuredContent against the
// tool's outputSchema (the SDK does it on every call; the test does it again
// with the SDK's own validator, and checks that the validator can fail).
// Run by mockserver/conformance/run.sh with MCP_URL set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

const url = new URL(process.env.MCP_URL ?? 'http://127.0.0.1:3001/mcp');

async function connect() {
  const client = new Client({ name: 'playground-ts-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

test('suggest_gifts structuredContent matches its outputSchema', async () => {
  const client = await connect();
  try {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'suggest_gifts');
    assert.ok(tool, 'suggest_gifts is listed');
    assert.equal(tool.inputSchema.type, 'object');
    assert.ok(tool.outputSchema, 'suggest_gifts has an outputSchema');

    const result = await client.callTool({
      name: 'suggest_gifts',
      arguments: { occasion: 'birthday', budget: 100, recipient: 'friend who loves board games' },
    });
    assert.notEqual(result.isError, true);
    assert.equal(result.content[0].type, 'text');
    assert.ok(result.structuredContent.gifts.length > 0);

    const validate = new AjvJsonSchemaValidator().getValidator(tool.outputSchema);
    const verdict = validate(result.structuredContent);
    assert.ok(verdict.valid, verdict.errorMessage);
    assert.equal(validate({ gifts: [{ name: 'x' }] }).valid, false, 'the validator rejects a wrong shape');
  } finally {
    await client.close();
  }
});

test('a business failure is a result with isError', async () => {
  const client = await connect();
  try {
    await client.listTools();
    const result = await client.callTool({ name: 'suggest_gifts', arguments: { occasion: 'wedding', budget: 1 } });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /^No gift found for a wedding under \$1\. The cheapest wedding gift costs \$39/);
  } finally {
    await client.close();
  }
});

test('an unknown tool is a protocol error -32602', async () => {
  const client = await connect();
  try {
    await assert.rejects(client.callTool({ name: 'suggest_gift', arguments: {} }), (err) => err.code === -32602);
  } finally {
    await client.close();
  }
});
