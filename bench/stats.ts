import { readFileSync } from 'node:fs';
import { BSON, type CommandStartedEvent, type CommandSucceededEvent, type MongoClient } from 'mongodb';
import { isReportCommand } from './report-attribution.js';

/** Nearest-rank percentile of an ascending list; NaN for an empty one. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const ascending = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
export const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
export const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** Database round trips seen by the driver's command monitoring, by command and collection. */
export interface RoundTrips {
  total: number;
  byTarget: Map<string, number>;
  /**
   * Every command in order, as "find tickets {_id,tenantId}" (the filter's or update's keys, no
   * values), the report's left out (they are in `report`).
   */
  log: string[];
  /**
   * Of `total` and `byTarget`, the report's commands: its recounts' reads and writes, whenever they
   * go out (report-attribution.ts).
   */
  report: { total: number; byTarget: Map<string, number> };
  /** Server time by command shape ("find tickets {tenantId,customerId,status}"): count and total ms. */
  timeByShape: Map<string, { n: number; ms: number }>;
  /**
   * Write statements by collection (an update command's statements, an insert's documents, a
   * delete's, a findAndModify): commands shared by runs in flight still run each one, and the
   * bundled server takes its one-at-a-time write path once per statement.
   */
  statements: Map<string, number>;
  /**
   * Bytes on the wire by command kind (command, collection and filter keys, no statement count):
   * the command's BSON as sent and its reply's, as command monitoring sees them (OP_MSG framing
   * left out). The bundled server decodes and re-encodes every document it reads or writes.
   */
  bytes: Map<string, { request: number; reply: number }>;
  reset(): void;
}

/** The keys of a command's filter (or of its first update/delete statement), values left out. */
export function shapeOf(command: Record<string, unknown>): string {
  // A journal record's field in a turn document is named by its id: one shape for all of them.
  const keys = (v: unknown) =>
    v && typeof v === 'object'
      ? Object.keys(v)
          .map((k) => k.replace(/^(events|homes)\.[^.]+/, '$1.<id>'))
          .join(',')
      : '';
  const first = (list: unknown) =>
    Array.isArray(list) ? (list[0] as Record<string, unknown> | undefined) : undefined;
  const filter =
    command.filter ??
    command.query ??
    first(command.updates)?.q ??
    first(command.deletes)?.q ??
    (Array.isArray(command.pipeline)
      ? (command.pipeline[0] as Record<string, unknown> | undefined)?.$match
      : undefined);
  const n = Array.isArray(command.documents) ? ` ×${command.documents.length}` : '';
  const batch =
    Array.isArray(command.updates) && command.updates.length > 1 ? ` ×${command.updates.length}` : '';
  return filter === undefined ? n : ` {${keys(filter)}}${batch}`;
}

/** How many write statements a command carries (0 for a read). */
function writeStatements(name: string, command: Record<string, unknown>): number {
  const list = { update: 'updates', insert: 'documents', delete: 'deletes' }[name];
  if (list) return Array.isArray(command[list]) ? command[list].length : 0;
  return name === 'findAndModify' ? 1 : 0;
}

export function countRoundTrips(client: MongoClient): RoundTrips {
  const counter: RoundTrips = {
    total: 0,
    byTarget: new Map(),
    log: [],
    report: { total: 0, byTarget: new Map() },
    timeByShape: new Map(),
    statements: new Map(),
    bytes: new Map(),
    reset() {
      counter.total = 0;
      counter.byTarget.clear();
      counter.log.length = 0;
      counter.report.total = 0;
      counter.report.byTarget.clear();
      counter.timeByShape.clear();
      counter.statements.clear();
      counter.bytes.clear();
    },
  };
  const kinds = new Map<number, string>();
  const wire = (kind: string) => {
    const b = counter.bytes.get(kind) ?? { request: 0, reply: 0 };
    counter.bytes.set(kind, b);
    return b;
  };
  const shapes = new Map<number, string>();
  client.on('commandStarted', (e: CommandStartedEvent) => {
    counter.total += 1;
    const target = e.command[e.commandName] as unknown;
    const key = `${e.commandName} ${typeof target === 'string' ? target : ''}`.trim();
    counter.byTarget.set(key, (counter.byTarget.get(key) ?? 0) + 1);
    const shaped = `${key}${shapeOf(e.command as Record<string, unknown>)}`;
    const written = writeStatements(e.commandName, e.command as Record<string, unknown>);
    if (written > 0 && typeof target === 'string')
      counter.statements.set(target, (counter.statements.get(target) ?? 0) + written);
    if (isReportCommand(typeof target === 'string' ? target : '')) {
      counter.report.total += 1;
      counter.report.byTarget.set(key, (counter.report.byTarget.get(key) ?? 0) + 1);
    } else counter.log.push(shaped);
    if (counter.log.length > 10_000) counter.log.splice(0, 5_000);
    shapes.set(e.requestId, shaped);
    const kind = shaped.replace(/ ×\d+$/, '');
    kinds.set(e.requestId, kind);
    wire(kind).request += BSON.calculateObjectSize(e.command);
  });
  const replied = (e: CommandSucceededEvent) => {
    const kind = kinds.get(e.requestId);
    if (kind === undefined) return;
    kinds.delete(e.requestId);
    wire(kind).reply += BSON.calculateObjectSize(e.reply as Record<string, unknown>);
  };
  client.on('commandSucceeded', replied);
  client.on('commandFailed', (e) => kinds.delete(e.requestId));
  const timed = (e: { requestId: number; duration: number }) => {
    const shape = shapes.get(e.requestId);
    if (!shape) return;
    shapes.delete(e.requestId);
    const t = counter.timeByShape.get(shape) ?? { n: 0, ms: 0 };
    counter.timeByShape.set(shape, { n: t.n + 1, ms: t.ms + e.duration });
  };
  client.on('commandSucceeded', timed);
  client.on('commandFailed', timed);
  return counter;
}

/** Model calls and tokens the scripted server answered (running totals). */
export interface ModelUsage {
  calls: number;
  tokensIn: number;
  tokensOut: number;
}

/** Key/value lines and column tables, printed together at the end so progress output stays apart. */
export interface Report {
  row(name: string, value: string): void;
  table(title: string, headers: string[], rows: string[][]): void;
  print(): void;
}

export function createReport(): Report {
  const parts: Array<{ kind: 'rows'; rows: Array<[string, string]> } | { kind: 'table'; text: string }> = [];
  const rowsPart = () => {
    const last = parts.at(-1);
    if (last?.kind === 'rows') return last.rows;
    const rows: Array<[string, string]> = [];
    parts.push({ kind: 'rows', rows });
    return rows;
  };
  return {
    row(name, value) {
      rowsPart().push([name, value]);
    },
    table(title, headers, rows) {
      const all = [headers, ...rows];
      const widths = headers.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
      const line = (r: string[]) =>
        `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`;
      const text = [`\n  ${title}`, line(headers), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`]
        .concat(rows.map(line))
        .join('\n');
      parts.push({ kind: 'table', text });
    },
    print() {
      for (const part of parts) {
        if (part.kind === 'table') {
          console.log(part.text);
          continue;
        }
        const width = Math.max(...part.rows.map(([k]) => k.length));
        for (const [k, v] of part.rows) console.log(`  ${k.padEnd(width)}  ${v}`);
      }
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc; undefined where there is no /proc. */
export function procCpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence from the last ')'): utime is
    // the 14th field of the line, stime the 15th, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU used by this Node process and by the database server process (when its pid is known). */
export interface CpuMeter {
  /** Milliseconds of CPU per unit since the meter started: node, and the server (NaN unknown). */
  perUnit(units: number): { node: number; server: number };
}

export function cpuMeter(serverPid: number | undefined): CpuMeter {
  const node0 = process.cpuUsage();
  const server0 = serverPid === undefined ? undefined : procCpuSeconds(serverPid);
  return {
    perUnit(units) {
      const used = process.cpuUsage(node0);
      const server1 = serverPid === undefined ? undefined : procCpuSeconds(serverPid);
      const server =
        server0 === undefined || server1 === undefined ? NaN : ((server1 - server0) * 1000) / units;
      return { node: (used.user + used.system) / 1000 / units, server };
    },
  };
}

/** "node 38.2 ms, database 31.0 ms" of CPU per message. */
export const cpuText = (c: { node: number; server: number }): string =>
  `node ${c.node.toFixed(1)} ms, database ${Number.isNaN(c.server) ? 'n/a (not spawned here)' : `${c.server.toFixed(1)} ms`}`;

/** Busy CPU seconds of the whole machine (all cores, every process), from /proc/stat; undefined without it. */
export function machineBusySeconds(): number | undefined {
  try {
    // "cpu  user nice system idle iowait irq softirq steal …" in clock ticks (100 per second).
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return (total - f[3]! - f[4]!) / 100;
  } catch {
    return undefined;
  }
}
