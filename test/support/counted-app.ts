import { MongoClient } from 'mongodb';
import { inject } from 'vitest';
import type { InboundMessage } from '../../src/conversation/ports.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from './app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from './test-channel.js';

/**
 * The whole app on a client whose every command is recorded as `npm run bench` counts it:
 * "find tickets {_id,tenantId}" (the command, its collection and its filter's fields).
 */
export interface CountedApp {
  env: TestApp;
  /** What the customer threads and the staff channel show. */
  channel: TestChannel;
  /** The commands `run` caused, the report recount it set off included. */
  measured(run: () => Promise<unknown>): Promise<string[]>;
  /**
   * Write statements of the last `measured` run by collection (an update's statements, an
   * insert's documents, a findAndModify): what the server writes one by one.
   */
  statements: Map<string, number>;
  close(): Promise<void>;
}

export async function startCountedApp(options: { env?: Record<string, string> } = {}): Promise<CountedApp> {
  const commands: string[] = [];
  const statements = new Map<string, number>();
  const client = new MongoClient(inject('mongoUri'), { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    const target = e.command[e.commandName] as unknown;
    if (typeof target !== 'string') return;
    const list = { update: 'updates', insert: 'documents', delete: 'deletes' }[e.commandName];
    const written = list ? ((e.command[list] as unknown[] | undefined)?.length ?? 0) : 0;
    const n = e.commandName === 'findAndModify' ? 1 : written;
    if (n > 0) statements.set(target, (statements.get(target) ?? 0) + n);
    const filter = (e.command.filter ?? e.command.query ?? e.command.updates?.[0]?.q ?? {}) as object;
    commands.push(`${e.commandName} ${target} {${Object.keys(filter).join(',')}}`);
  });
  await client.connect();
  const channel = createTestChannel();
  const env = await startTestApp({
    adapters: [testChannelAdapter(channel)],
    connect: async (name) => client.db(name),
    ...(options.env ? { env: options.env } : {}),
  });
  return {
    env,
    channel,
    statements,
    async measured(run) {
      await env.app.reports.recorder.idle();
      commands.length = 0;
      statements.clear();
      await run();
      await env.app.reports.recorder.idle();
      return [...commands];
    },
    async close() {
      await env.close();
      await client.close();
    },
  };
}

/** How many of the recorded commands start with `prefix` ("insert messages"). */
export const countOf = (list: string[], prefix: string) => list.filter((c) => c.startsWith(prefix)).length;

/** A message of Maya (the demo customer bluebird) in the customer channel; `id` keys its event and message. */
export function fromMaya(
  env: TestApp,
  text: string,
  id: string,
  threadId?: string,
): InboundMessage & { messageId: string } {
  return {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    eventId: `${id}-ev`,
    channelId: DEMO.customerChannelId,
    messageId: `${id}-m`,
    ...(threadId ? { threadId } : {}),
    author: {
      userId: DEMO.customers.bluebird.userId,
      name: 'Maya Ortiz',
      email: DEMO.customers.bluebird.email,
      isExternal: true,
    },
    text,
    receivedAt: env.clock.now(),
  };
}
