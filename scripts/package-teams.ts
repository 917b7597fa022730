/**
 * `npm run package:teams`: writes dist/teams/switchboard-teams.zip, the app package to upload
 * in Teams (manifest.json, color.png and outline.png at the zip's root). The bot id, the app id
 * and `webApplicationInfo.id` (the Entra app that resource-specific consent is granted to) are
 * the Azure Bot's MicrosoftAppId; PUBLIC_URL (optional) adds the bot's host to validDomains.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifestDir = join(root, 'manifest', 'teams');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PackageOptions {
  /** The Azure Bot's app id; the template's placeholder stays when absent. */
  appId?: string;
  /** Public base URL of the bot, e.g. https://switchboard.contoso.com. */
  publicUrl?: string;
}

/** The manifest with the bot's id and domain filled in. */
export function buildManifest(options: PackageOptions = {}): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as Record<
    string,
    unknown
  > & {
    bots: Array<{ botId: string }>;
    validDomains?: string[];
    webApplicationInfo?: { id: string; resource?: string };
  };
  if (options.appId !== undefined) {
    if (!GUID.test(options.appId))
      throw new Error(`MicrosoftAppId must be the Azure Bot's app id (a GUID), got "${options.appId}"`);
    manifest.id = options.appId;
    for (const bot of manifest.bots) bot.botId = options.appId;
    // Resource-specific consent is granted to this Entra app: it must be the bot's own.
    manifest.webApplicationInfo = { id: options.appId, resource: `api://botid-${options.appId}` };
  }
  if (options.publicUrl) {
    const host = new URL(options.publicUrl).host;
    manifest.validDomains = [...new Set([...(manifest.validDomains ?? []), host])];
  }
  return manifest;
}

/** A store-only (uncompressed) zip: PNGs are already compressed and Teams accepts method 0. */
export function zipStore(files: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00 in DOS format keeps the package byte-for-byte reproducible.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function buildTeamsPackage(options: PackageOptions = {}): Buffer {
  return zipStore([
    { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(buildManifest(options), null, 2)}\n`) },
    { name: 'color.png', data: readFileSync(join(manifestDir, 'color.png')) },
    { name: 'outline.png', data: readFileSync(join(manifestDir, 'outline.png')) },
  ]);
}

function main(): void {
  const appId = process.env.MicrosoftAppId?.trim() || undefined;
  const out = join(root, 'dist', 'teams', 'switchboard-teams.zip');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, buildTeamsPackage({ appId, publicUrl: process.env.PUBLIC_URL?.trim() || undefined }));
  process.stdout.write(`wrote ${out}\n`);
  if (!appId)
    process.stdout.write(
      'note: MicrosoftAppId is not set; the package carries a placeholder bot id that Teams will not connect to your bot\n',
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`package:teams: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
