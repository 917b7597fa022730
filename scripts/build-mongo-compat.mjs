// Builds tools/mongo-compat (FerretDB embedded, from the Go module proxy) into .cache/, and again
// whenever its sources change: the binary's source hash is kept beside it, so a checkout that
// pulls a change under tools/mongo-compat (or to this script) rebuilds on its next start or test
// run instead of running a stale server. `--force` rebuilds regardless; `--quiet` says nothing
// when the binary is up to date (src/memory/local-mongo.ts runs this before every start).
//
// FerretDB's SQLite backend is patched at build time, without vendoring FerretDB into the repo:
// the pinned module (verified by go.sum when downloaded) is copied from the Go module cache into
// .cache/mongo-compat/ferretdb, tools/mongo-compat/_patch/sqlite/ is added to its
// internal/backends/sqlite, that package's collection.go is rewritten to use it (see id_index.go
// there for why), _patch/handler/ makes conditional writes atomic (see write_lock.go there),
// UTIL_REWRITES and _patch/resource/ drop per-command work nobody reads (debug lines, leak
// tracking) and, with _patch/fsql/, queue writers to one SQLite file on a Go mutex and commit
// the writers queued meanwhile in one transaction (and checkpoint the WAL on a goroutine of their
// own, _patch/fsql/checkpoint.go), REGISTRY_REWRITES builds in SQLite only the
// unique indexes (no query here reads the others; every write maintained them) and, with
// INSERT_REWRITES and _patch/sqlite-metadata/, keeps each document's _id in a column of its own
// for the _id index (moving older databases over when opened), the SQLite driver (modernc.org/sqlite, copied and patched
// the same way by DRIVER_REWRITES and _patch/modernc-sqlite/) keeps its prepared statements, and
// the build uses a go.mod copy with `replace`s pointing at the patched copies
// (`-modfile`; tools/mongo-compat/go.mod itself stays as is). Each rewrite must match the expected
// number of times, so a FerretDB upgrade that moves the code fails the build loudly instead of
// silently losing the index.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'tools', 'mongo-compat');
const cache = path.join(root, '.cache', 'mongo-compat');
const out = path.join(cache, 'mongo-compat');
const hashFile = `${out}.sha256`;
const rel = (p) => path.relative(root, p);
const quiet = process.argv.includes('--quiet');

/** Every file under tools/mongo-compat (names and contents) plus this script, in a stable order. */
function sourceHash() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else
        h.update(`${path.relative(src, p)}\0`)
          .update(readFileSync(p))
          .update('\0');
    }
  };
  walk(src);
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex');
}

/** [anchor, replacement, how many times the anchor must occur] for FerretDB's sqlite/collection.go. */
const COLLECTION_REWRITES = [
  [
    // Query: narrow by _id for any filter that pins it (upstream: only a filter of exactly {_id: X}).
    [
      '\tif params.Filter.Len() == 1 {',
      '\t\tv, _ := params.Filter.Get("_id")',
      '\t\tswitch v.(type) {',
      '\t\tcase string, types.ObjectID:',
      '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
      '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
      '\t\t}',
      '\t}',
      '',
      '\tq += whereClause',
    ].join('\n'),
    '\twhereClause, args = filterWhereClause(params.Filter)\n\n\tq += whereClause',
    1,
  ],
  [
    // Explain: report the same narrowing Query does.
    [
      '\tif params.Filter.Len() == 1 {',
      '\t\tv, _ := params.Filter.Get("_id")',
      '\t\tswitch v.(type) {',
      '\t\tcase string, types.ObjectID:',
      '\t\t\tfilterPushdown = true',
      '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
      '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
      '\t\t}',
      '\t}',
    ].join('\n'),
    '\twhereClause, args = filterWhereClause(params.Filter)\n\tfilterPushdown = whereClause != ""',
    1,
  ],
  // UpdateAll and DeleteAll: the expression the _id index is declared on.
  ['metadata.IDColumn', 'idColumn', 2],
  // InsertAll and UpdateAll: documents are encoded before the transaction, not inside it, since
  // writers to one file wait for each other from its start (_patch/fsql/write_serial.go).
  [
    [
      '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {',
      '\t\tbatchSize := c.r.BatchSize',
      '\t\tif batchSize < 1 {',
      '\t\t\tpanic("batch-size should be greater or equal to 1")',
      '\t\t}',
      '',
      '\t\tvar batch []*types.Document',
      '\t\tdocs := params.Docs',
      '',
      '\t\tfor len(docs) > 0 {',
      '\t\t\ti := min(batchSize, len(docs))',
      '\t\t\tbatch, docs = docs[:i], docs[i:]',
      '',
      '\t\t\tq, args, err := prepareInsertStatement(meta.TableName, meta.Capped(), batch)',
      '\t\t\tif err != nil {',
      '\t\t\t\treturn lazyerrors.Error(err)',
      '\t\t\t}',
      '',
      '\t\t\tif _, err = tx.ExecContext(ctx, q, args...); err != nil {',
    ].join('\n'),
    [
      '\tbatchSize := c.r.BatchSize',
      '\tif batchSize < 1 {',
      '\t\tpanic("batch-size should be greater or equal to 1")',
      '\t}',
      '',
      '\ttype statement struct {',
      '\t\tq    string',
      '\t\targs []any',
      '\t}',
      '',
      '\tvar statements []statement',
      '',
      '\tfor docs := params.Docs; len(docs) > 0; {',
      '\t\ti := min(batchSize, len(docs))',
      '',
      '\t\tq, args, err := prepareInsertStatement(meta.TableName, meta.Capped(), docs[:i])',
      '\t\tif err != nil {',
      '\t\t\treturn nil, lazyerrors.Error(err)',
      '\t\t}',
      '',
      '\t\tstatements = append(statements, statement{q, args})',
      '\t\tdocs = docs[i:]',
      '\t}',
      '',
      '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {',
      '\t\tfor _, s := range statements {',
      '\t\t\tif _, err := tx.ExecContext(ctx, s.q, s.args...); err != nil {',
    ].join('\n'),
    1,
  ],
  [
    [
      '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {',
      '\t\tfor _, doc := range params.Docs {',
      '\t\t\tb, err := sjson.Marshal(doc)',
      '\t\t\tif err != nil {',
      '\t\t\t\treturn lazyerrors.Error(err)',
      '\t\t\t}',
      '',
      '\t\t\tid, _ := doc.Get("_id")',
      '\t\t\tmust.NotBeZero(id)',
      '',
      '\t\t\targ := string(must.NotFail(sjson.MarshalSingleValue(id)))',
      '',
      '\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)',
    ].join('\n'),
    [
      '\tencoded := make([][2]any, len(params.Docs))',
      '',
      '\tfor i, doc := range params.Docs {',
      '\t\tb, err := sjson.Marshal(doc)',
      '\t\tif err != nil {',
      '\t\t\treturn nil, lazyerrors.Error(err)',
      '\t\t}',
      '',
      '\t\tid, _ := doc.Get("_id")',
      '\t\tmust.NotBeZero(id)',
      '',
      '\t\tencoded[i] = [2]any{string(b), string(must.NotFail(sjson.MarshalSingleValue(id)))}',
      '\t}',
      '',
      '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {',
      '\t\tfor _, e := range encoded {',
      '\t\t\tr, err := tx.ExecContext(ctx, q, e[0], e[1])',
    ].join('\n'),
    1,
  ],
];

/**
 * [anchor, replacement] for FerretDB's sqlite/insert.go, each exactly once: an insert writes each
 * document's _id to a column of its own as well (see _patch/sqlite-metadata/id_column.go).
 */
const INSERT_REWRITES = [
  [
    [
      '\t\tif capped {',
      '\t\t\trows[i] = "(?, ?)"',
      '\t\t\targs = append(args, doc.RecordID(), string(b))',
      '',
      '\t\t\tcontinue',
      '\t\t}',
      '',
      '\t\trows[i] = "(?)"',
      '\t\targs = append(args, string(b))',
      '\t}',
      '',
      '\tcolumns := metadata.DefaultColumn',
      '\tif capped {',
      '\t\tcolumns = strings.Join([]string{metadata.RecordIDColumn, metadata.DefaultColumn}, ", ")',
      '\t}',
    ].join('\n'),
    [
      '\t\tid, err := insertedID(doc)',
      '\t\tif err != nil {',
      '\t\t\treturn "", nil, err',
      '\t\t}',
      '',
      '\t\tif capped {',
      '\t\t\trows[i] = "(?, ?, ?)"',
      '\t\t\targs = append(args, doc.RecordID(), string(b), id)',
      '',
      '\t\t\tcontinue',
      '\t\t}',
      '',
      '\t\trows[i] = "(?, ?)"',
      '\t\targs = append(args, string(b), id)',
      '\t}',
      '',
      '\tcolumns := strings.Join([]string{metadata.DefaultColumn, metadata.IDKeyColumn}, ", ")',
      '\tif capped {',
      '\t\tcolumns = strings.Join([]string{metadata.RecordIDColumn, metadata.DefaultColumn, metadata.IDKeyColumn}, ", ")',
      '\t}',
    ].join('\n'),
  ],
];

/**
 * [file, anchor, replacement] for FerretDB's internal/handler: each modifying command holds its
 * collection's lock (_patch/handler/write_lock.go) from its query to its write, so a conditional
 * update is atomic as on MongoDB. Each anchor must occur exactly once.
 */
const HANDLER_REWRITES = [
  [
    'msg_findandmodify.go',
    '\tres, err := h.findAndModifyDocument(connCtx, params)\n',
    '\tres, err := withCollectionLock(params.DB, params.Collection, func() (*findAndModifyResult, error) {\n\t\treturn h.findAndModifyDocument(connCtx, params)\n\t})\n',
  ],
  [
    'msg_update.go',
    '\tmatched, modified, upserted, err := h.updateDocument(connCtx, params)\n',
    '\tvar matched, modified int32\n\tvar upserted *types.Array\n\terr = withCollectionLockErr(params.DB, params.Collection, func() (e error) {\n\t\tmatched, modified, upserted, e = h.updateDocument(connCtx, params)\n\t\treturn\n\t})\n',
  ],
  [
    'msg_delete.go',
    '\t\td, err = h.execDelete(connCtx, c, &p)\n',
    '\t\td, err = withCollectionLock(params.DB, params.Collection, func() (int32, error) {\n\t\t\treturn h.execDelete(connCtx, c, &p)\n\t\t})\n',
  ],
];

/**
 * [file under internal/util, anchor, replacement, how many times the anchor must occur]: per-command
 * CPU FerretDB spends for nobody (profiled with perf under `npm run bench`, issue 13).
 * - fsql: every SQL statement built two loggers with its arguments formatted as text and its query
 *   through fmt.Sprintf for debug lines the (info-level) logger then dropped: about 5% of the
 *   server's CPU. Now only when debug logging is on.
 * - resource: every iterator, transaction and query result was registered in a runtime/pprof
 *   profile (a stack capture) plus a finalizer, a leak detector for FerretDB's own tests: another
 *   5%. Off in this build (_patch/resource/tracking.go). * - fsql, writers: see _patch/fsql/write_serial.go (not work for nobody: where writers wait).
 */
const debugLine = (recv, dir) =>
  `\t${recv}.l.With(fields...).DebugContext(ctx, fmt.Sprintf("${dir} %s", query))\n`;
const guardedDebugLine = (recv, dir) =>
  `\tif ${recv}.l.Enabled(ctx, slog.LevelDebug) {\n\t${debugLine(recv, dir)}\t}\n`;
const UTIL_REWRITES = [
  ...['>>>', '<<<'].flatMap((dir) => [
    ['fsql/db.go', debugLine('db', dir), guardedDebugLine('db', dir), 3],
    ['fsql/tx.go', debugLine('tx', dir), guardedDebugLine('tx', dir), 3],
  ]),
  [
    'resource/resource.go',
    'func Track(obj any, token *Token) {\n\tcheckArgs(obj, token)\n',
    'func Track(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\n\tif !tracking {\n\t\treturn\n\t}\n',
    1,
  ],
  [
    'resource/resource.go',
    'func Untrack(obj any, token *Token) {\n\tcheckArgs(obj, token)\n',
    'func Untrack(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\n\tif !tracking {\n\t\treturn\n\t}\n',
    1,
  ],
  // Writers to one SQLite file queue on a Go mutex instead of sleeping in SQLite's busy handler
  // (_patch/fsql/write_serial.go): every transaction (inserts, updates; a group of them, see
  // _patch/fsql/group_commit.go) and every statement run outside one (deletes, DDL).
  ['fsql/db.go', '\t"log/slog"\n\t"time"\n', '\t"log/slog"\n\t"sync"\n\t"time"\n', 1],
  [
    'fsql/db.go',
    '\tBatchSize int\n}',
    '\tBatchSize int\n\n\twriteMu sync.Mutex\n\tgroup   writeGroup\n\tckpt    *checkpointer\n}',
    1,
  ],
  // WAL checkpoints on a goroutine of each file's own, off the writers' path (_patch/fsql/checkpoint.go).
  [
    'fsql/db.go',
    '\tresource.Track(res, res.token)\n',
    '\tres.startCheckpointer()\n\tresource.Track(res, res.token)\n',
    1,
  ],
  [
    'fsql/db.go',
    '\tresource.Untrack(db, db.token)\n',
    '\tdb.stopCheckpointer()\n\tresource.Untrack(db, db.token)\n',
    1,
  ],
  // Writers queued meanwhile share one transaction and one COMMIT (_patch/fsql/group_commit.go);
  // upstream's InTransaction runs a writer alone, under the file's lock the group's leader holds.
  [
    'fsql/db.go',
    'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) (err error) {\n',
    [
      'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) error {',
      '\treturn db.inGroup(ctx, f)',
      '}',
      '',
      '// inTransactionAlone is upstream InTransaction: one writer, under the lock its caller holds.',
      'func (db *DB) inTransactionAlone(ctx context.Context, f func(*Tx) error) (err error) {',
      '',
    ].join('\n'),
    1,
  ],
  [
    'fsql/db.go',
    '\tres, err := db.sqlDB.ExecContext(ctx, query, args...)\n',
    '\tunlock := db.serialWrite()\n\tres, err := db.sqlDB.ExecContext(ctx, query, args...)\n\tunlock()\n',
    1,
  ],
];

/**
 * [anchor, replacement] for FerretDB's sqlite/metadata/registry.go, each anchor exactly once: a
 * non-unique index is recorded in the collection's metadata (listIndexes shows it, createIndex
 * with the same spec stays a no-op) but not built in SQLite. No query of this build can use one:
 * the backend narrows in SQL only by `_id` (through its unique index, _patch/sqlite/id_index.go)
 * and compares other fields with a parameterised JSON path, which SQLite cannot match to an index
 * expression; yet every insert and update parsed the whole stored JSON once more to maintain
 * each one (json_extract) and wrote its B-tree pages to the WAL: the turn document's `unfinished`
 * and `expiresAt`, a ticket's five. Unique indexes are still built: they enforce uniqueness.
 * Physical indexes of databases written by an older build stay until dropped (IF EXISTS).
 */
const REGISTRY_REWRITES = [
  [
    '\t\tq := "CREATE "\n\n\t\tif index.Unique {\n',
    [
      '\t\tif !index.Unique {',
      '\t\t\tcreated = append(created, index.Name)',
      '\t\t\tc.Settings.Indexes = append(c.Settings.Indexes, index)',
      '',
      '\t\t\tcontinue',
      '\t\t}',
      '',
      '\t\tq := "CREATE "\n\n\t\tif index.Unique {\n',
    ].join('\n'),
  ],
  [
    'q := fmt.Sprintf("DROP INDEX %q", c.TableName+"_"+name)',
    'q := fmt.Sprintf("DROP INDEX IF EXISTS %q", c.TableName+"_"+name)',
  ],
  // Each document's _id in a column of its own, which the "_id_" index is built on; tables of an
  // older build are moved over when their database opens (_patch/sqlite-metadata/id_column.go).
  [
    'q += fmt.Sprintf("%[1]s TEXT NOT NULL CHECK(%[1]s != \'\')) STRICT", DefaultColumn)',
    'q += fmt.Sprintf("%[1]s TEXT NOT NULL CHECK(%[1]s != \'\'), %[2]s) STRICT", DefaultColumn, idKeyColumnDef)',
  ],
  [
    [
      '\t\t\tfields := strings.Split(key.Field, ".")',
      '\t\t\tfor j, f := range fields {',
      '\t\t\t\tfields[j] = fmt.Sprintf("%q", f)',
      '\t\t\t}',
      '',
      '\t\t\tcolumns[i] = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))',
    ].join('\n'),
    '\t\t\tcolumns[i] = indexColumn(key.Field)',
  ],
  [
    '\tr.colls[dbName] = colls\n\n\treturn nil\n}',
    '\tif err = migrateIDColumns(ctx, db, colls); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}\n\n\tr.colls[dbName] = colls\n\n\treturn nil\n}',
  ],
];

/**
 * [anchor, replacement, how many times] for modernc.org/sqlite's sqlite.go (the driver under
 * FerretDB's SQLite backend): each connection keeps the single statements it prepared and resets
 * them after use instead of parsing them again on every execution (_patch/modernc-sqlite/).
 */
const DRIVER_REWRITES = [
  ['\tbeginMode       string\n}', '\tbeginMode       string\n\n\tcache *stmtCache\n}', 1],
  ['s.c.prepareV2(&psql); err != nil {', 's.c.prepareKept(&psql); err != nil {', 2],
  [
    'func (c *conn) finalize(pstmt uintptr) error {\n',
    'func (c *conn) finalize(pstmt uintptr) error {\n\tif kept, err := c.releaseKept(pstmt); kept {\n\t\treturn err\n\t}\n\n',
    1,
  ],
  [
    '\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db); err != nil {',
    '\tif c.db != 0 {\n\t\tc.finalizeKept()\n\n\t\tif err := c.closeV2(c.db); err != nil {',
    1,
  ],
];

/** Copies a module from the module cache (downloading it when missing) to dir, writable. */
function copyModule(mod, dir) {
  const dl = spawnSync('go', ['mod', 'download', '-json', mod], { cwd: src, encoding: 'utf8' });
  if (dl.status !== 0) throw new Error(`go mod download failed: ${dl.stderr || dl.stdout}`);
  const moduleDir = String(JSON.parse(dl.stdout).Dir ?? '');
  if (!moduleDir) throw new Error(`go mod download did not say where ${mod} is`);
  if (existsSync(dir)) makeWritable(dir);
  rmSync(dir, { recursive: true, force: true });
  cpSync(moduleDir, dir, { recursive: true });
  makeWritable(dir);
}

/** Writes the patched SQLite driver copy; returns its directory. */
function preparePatchedDriver() {
  const copy = path.join(cache, 'modernc-sqlite');
  copyModule('modernc.org/sqlite', copy);
  const file = path.join(copy, 'sqlite.go');
  let text = readFileSync(file, 'utf8');
  for (const [anchor, replacement, times] of DRIVER_REWRITES) {
    const found = text.split(anchor).length - 1;
    if (found !== times)
      throw new Error(
        `modernc.org/sqlite's sqlite.go changed: expected ${times} of ${JSON.stringify(anchor)}, found ${found}`,
      );
    text = text.split(anchor).join(replacement);
  }
  writeFileSync(file, text);
  const added = path.join(src, '_patch', 'modernc-sqlite');
  for (const name of readdirSync(added)) cpSync(path.join(added, name), path.join(copy, name));
  return copy;
}

/** Makes a tree copied from the (read-only) module cache writable, so it can be patched and replaced. */
function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(p);
    else chmodSync(p, 0o644);
  }
}

/** Writes the patched FerretDB copy and the go.mod that uses it; returns that go.mod's path. */
function preparePatchedFerretDb() {
  // Downloads the pinned version on a fresh machine (checked against go.sum); a no-op when cached.
  const dl = spawnSync('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], {
    cwd: src,
    encoding: 'utf8',
  });
  if (dl.status !== 0) throw new Error(`go mod download failed: ${dl.stderr || dl.stdout}`);
  const moduleDir = String(JSON.parse(dl.stdout).Dir ?? '');
  if (!moduleDir) throw new Error('go mod download did not say where FerretDB is');
  const copy = path.join(cache, 'ferretdb');
  if (existsSync(copy)) makeWritable(copy);
  rmSync(copy, { recursive: true, force: true });
  cpSync(moduleDir, copy, { recursive: true });
  makeWritable(copy);

  const pkg = path.join(copy, 'internal', 'backends', 'sqlite');
  let collection = readFileSync(path.join(pkg, 'collection.go'), 'utf8');
  for (const [anchor, replacement, times] of COLLECTION_REWRITES) {
    const found = collection.split(anchor).length - 1;
    if (found !== times)
      throw new Error(
        `FerretDB's sqlite/collection.go changed: expected ${times} of ${JSON.stringify(anchor)}, found ${found}`,
      );
    collection = collection.split(anchor).join(replacement);
  }
  writeFileSync(path.join(pkg, 'collection.go'), collection);
  const added = path.join(src, '_patch', 'sqlite');
  for (const name of readdirSync(added)) cpSync(path.join(added, name), path.join(pkg, name));

  const registryFile = path.join(pkg, 'metadata', 'registry.go');
  let registry = readFileSync(registryFile, 'utf8');
  for (const [anchor, replacement] of REGISTRY_REWRITES) {
    const found = registry.split(anchor).length - 1;
    if (found !== 1)
      throw new Error(
        `FerretDB's sqlite/metadata/registry.go changed: expected 1 of ${JSON.stringify(anchor)}, found ${found}`,
      );
    registry = registry.replace(anchor, replacement);
  }
  writeFileSync(registryFile, registry);
  const metadataAdded = path.join(src, '_patch', 'sqlite-metadata');
  for (const name of readdirSync(metadataAdded))
    cpSync(path.join(metadataAdded, name), path.join(pkg, 'metadata', name));

  const insertFile = path.join(pkg, 'insert.go');
  let insert = readFileSync(insertFile, 'utf8');
  for (const [anchor, replacement] of INSERT_REWRITES) {
    const found = insert.split(anchor).length - 1;
    if (found !== 1)
      throw new Error(
        `FerretDB's sqlite/insert.go changed: expected 1 of ${JSON.stringify(anchor)}, found ${found}`,
      );
    insert = insert.replace(anchor, replacement);
  }
  writeFileSync(insertFile, insert);

  const handler = path.join(copy, 'internal', 'handler');
  for (const [file, anchor, replacement] of HANDLER_REWRITES) {
    const text = readFileSync(path.join(handler, file), 'utf8');
    const found = text.split(anchor).length - 1;
    if (found !== 1)
      throw new Error(
        `FerretDB's handler/${file} changed: expected 1 of ${JSON.stringify(anchor)}, found ${found}`,
      );
    writeFileSync(path.join(handler, file), text.replace(anchor, replacement));
  }
  const util = path.join(copy, 'internal', 'util');
  for (const [file, anchor, replacement, times] of UTIL_REWRITES) {
    const text = readFileSync(path.join(util, file), 'utf8');
    const found = text.split(anchor).length - 1;
    if (found !== times)
      throw new Error(
        `FerretDB's util/${file} changed: expected ${times} of ${JSON.stringify(anchor)}, found ${found}`,
      );
    writeFileSync(path.join(util, file), text.split(anchor).join(replacement));
  }
  const fsqlAdded = path.join(src, '_patch', 'fsql');
  for (const name of readdirSync(fsqlAdded))
    cpSync(path.join(fsqlAdded, name), path.join(util, 'fsql', name));
  const resourceAdded = path.join(src, '_patch', 'resource');
  for (const name of readdirSync(resourceAdded))
    cpSync(path.join(resourceAdded, name), path.join(util, 'resource', name));

  const handlerAdded = path.join(src, '_patch', 'handler');
  for (const name of readdirSync(handlerAdded))
    cpSync(path.join(handlerAdded, name), path.join(handler, name));

  // -modfile reads go.sum from beside the go.mod it is given.
  const modfile = path.join(cache, 'go.mod');
  const gomod = readFileSync(path.join(src, 'go.mod'), 'utf8');
  const driver = preparePatchedDriver();
  writeFileSync(
    modfile,
    `${gomod}\nreplace github.com/FerretDB/FerretDB => ${copy}\n\nreplace modernc.org/sqlite => ${driver}\n`,
  );
  cpSync(path.join(src, 'go.sum'), path.join(cache, 'go.sum'));
  return modfile;
}

const hash = sourceHash();
const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
if (existsSync(out) && built === hash && !process.argv.includes('--force')) {
  if (!quiet) console.log(`mongo-compat: ${rel(out)} is up to date`);
  process.exit(0);
}
if (spawnSync('sh', ['-c', 'command -v go'], { stdio: 'ignore' }).status !== 0) {
  console.log(
    existsSync(out)
      ? `mongo-compat: Go is not installed; keeping ${rel(out)}, built from older sources`
      : 'mongo-compat: Go is not installed; tests will need MONGODB_URI or mongod on the PATH',
  );
  process.exit(0);
}
mkdirSync(cache, { recursive: true });
console.log(
  existsSync(out)
    ? 'mongo-compat: sources changed, rebuilding…'
    : 'mongo-compat: building (about a minute the first time)…',
);
let modfile;
try {
  modfile = preparePatchedFerretDb();
} catch (err) {
  console.error(`mongo-compat: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
// Built beside the old binary and renamed over it, so a server already running keeps its file.
const next = `${out}.next`;
// Go's own output goes to stderr, so a caller reading stdout gets only this script's sentences.
const res = spawnSync('go', ['build', `-modfile=${modfile}`, '-o', next, '.'], {
  cwd: src,
  stdio: ['ignore', process.stderr, 'inherit'],
});
if (res.status !== 0) process.exit(res.status ?? 1);
renameSync(next, out);
writeFileSync(hashFile, `${hash}\n`);
console.log(`mongo-compat: built ${rel(out)}`);
