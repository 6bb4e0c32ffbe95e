import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { echo } from './tools/example.js';

const server = new McpServer({ name: '__NAME__', version: '0.1.0' });

server.tool('echo', 'Echo the given text back', { text: z.string() }, echo);

await server.connect(new StdioServerTransport());
