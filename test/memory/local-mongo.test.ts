import { describe, expect, it, inject } from 'vitest';
import { MongoClient } from 'mongodb';
import { safeHost } from '../../src/memory/local-mongo.js';

describe('local MongoDB', () => {
  it('runs the tests against a real MongoDB-wire server', async () => {
    const client = new MongoClient(inject('mongoUri'));
    await client.connect();
    const info = await client.db('admin').command({ buildInfo: 1 });
    expect(typeof info.version).toBe('string');
    await client.close();
  });

  it('never puts credentials in the host it reports', () => {
    expect(safeHost('mongodb://user:s3cret@db.example.com:27017/x')).toBe('db.example.com:27017');
    expect(safeHost('mongodb+srv://u:p@cluster0.abc.mongodb.net/?retryWrites=true')).toBe(
      'cluster0.abc.mongodb.net',
    );
  });
});
