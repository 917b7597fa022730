import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalMongo, type LocalMongo } from '../../src/memory/local-mongo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    mongoKind: string;
  }
}

let mongo: LocalMongo | undefined;
let dir: string | undefined;

/** Starts one real MongoDB-wire server (MONGODB_URI, mongod, or FerretDB) for the test run. */
export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'switchboard-test-mongo-'));
  // nice 0: the suite's many workers would starve a lower-priority server (see LocalMongoOptions.nice).
  mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir: dir, nice: 0 });
  project.provide('mongoUri', mongo.uri);
  project.provide('mongoKind', mongo.kind);
  console.log(`[tests] MongoDB: ${mongo.kind} at ${mongo.uri}`);
}

export async function teardown(): Promise<void> {
  await mongo?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
