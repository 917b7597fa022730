import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildManifest, buildTeamsPackage } from '../../../scripts/package-teams.js';

const schema = JSON.parse(
  readFileSync(new URL('../../fixtures/teams/teams-manifest-1.17.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(schema);

/** Reads a zip's entries through its central directory, as Teams' uploader does. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + size);
    files.set(name, method === 0 ? raw : inflateRawSync(raw));
    at += 46 + nameLength + extra;
  }
  return files;
}

function pngInfo(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colorType: png[25] };
}

describe('Teams app package', () => {
  it('the committed manifest validates against the published v1.17 manifest schema (extract)', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../../manifest/teams/manifest.json', import.meta.url), 'utf8'),
    ) as object;
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });

  it('can be added to shared and private channels and asks for RSC to read posts without a mention', () => {
    const manifest = buildManifest() as {
      manifestVersion: string;
      supportedChannelTypes: string[];
      authorization: { permissions: { resourceSpecific: Array<{ name: string; type: string }> } };
    };
    expect(Number(manifest.manifestVersion)).toBeGreaterThanOrEqual(1.17);
    expect(manifest.supportedChannelTypes.sort()).toEqual(['privateChannels', 'sharedChannels']);
    expect(manifest.authorization.permissions.resourceSpecific).toEqual([
      { name: 'ChannelMessage.Read.Group', type: 'Application' },
      { name: 'ChatMessage.Read.Chat', type: 'Application' },
    ]);
  });

  it('the schema is not a rubber stamp: it refuses unknown channel types, RSC types and top-level fields', () => {
    const manifest = buildManifest() as Record<string, unknown>;
    expect(validate({ ...manifest, supportedChannelTypes: ['sharedChannel'] })).toBe(false);
    expect(
      validate({
        ...manifest,
        authorization: {
          permissions: { resourceSpecific: [{ name: 'ChannelMessage.Read.Group', type: 'App' }] },
        },
      }),
    ).toBe(false);
    expect(validate({ ...manifest, webApplicationInfo: { resource: 'api://x' } })).toBe(false);
    expect(validate({ ...manifest, rscPermissions: [] })).toBe(false);
  });

  it('declares the bot in team, groupChat and personal scopes without files', () => {
    const manifest = buildManifest() as { bots: Array<{ scopes: string[]; supportsFiles: boolean }> };
    expect(manifest.bots[0]!.scopes.sort()).toEqual(['groupChat', 'personal', 'team']);
    expect(manifest.bots[0]!.supportsFiles).toBe(false);
  });

  it('fills in the bot id and domain, and refuses an app id that is not a GUID', () => {
    const appId = '3f1e5c2a-1234-4a4a-9b9b-5c1c1b0a4d01';
    const manifest = buildManifest({ appId, publicUrl: 'https://bot.contoso.com/api/messages' }) as {
      id: string;
      bots: Array<{ botId: string }>;
      validDomains: string[];
    };
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest.bots[0]!.botId).toBe(appId);
    // RSC is granted to the Entra app named here: the bot's own.
    expect((manifest as unknown as { webApplicationInfo: unknown }).webApplicationInfo).toEqual({
      id: appId,
      resource: `api://botid-${appId}`,
    });
    expect(manifest.validDomains).toContain('bot.contoso.com');
    expect(() => buildManifest({ appId: 'not-a-guid' })).toThrow(/GUID/);
  });

  it('zips manifest.json, a 192×192 color icon and a 32×32 transparent white outline icon at the root', () => {
    const files = unzip(buildTeamsPackage({ appId: '3f1e5c2a-1234-4a4a-9b9b-5c1c1b0a4d01' }));
    expect([...files.keys()].sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as object;
    expect(validate(manifest)).toBe(true);
    expect(pngInfo(files.get('color.png')!)).toMatchObject({ width: 192, height: 192 });
    const outline = files.get('outline.png')!;
    expect(pngInfo(outline)).toEqual({ width: 32, height: 32, colorType: 6 });
    // Every pixel is transparent or white.
    const idat = outline.indexOf('IDAT');
    const raw = inflateRawSync(outline.subarray(idat + 4 + 2, idat + 4 + outline.readUInt32BE(idat - 4) - 4));
    const opaque: number[][] = [];
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        const p = raw.subarray(y * 129 + 1 + x * 4, y * 129 + 5 + x * 4);
        if (p[3] !== 0) opaque.push([...p]);
      }
    }
    expect(opaque.length).toBeGreaterThan(0);
    expect(opaque.every(([r, g, b, a]) => r === 255 && g === 255 && b === 255 && a === 255)).toBe(true);
    expect(raw.length).toBe(32 * 129);
  });
});
