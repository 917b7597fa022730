// Package metadata: this file is added to FerretDB v1's SQLite registry
// (internal/backends/sqlite/metadata) at build time, in a patched copy of the module; see
// scripts/build-mongo-compat.mjs, which also points registry.go at it.
//
// Every collection table keeps its documents' _id in a column of its own, IDKeyColumn, and the
// unique "_id_" index is built on that column instead of on the expression
// `_ferretdb_sjson->"_id"`. SQLite computes an expression index's key by parsing the stored JSON:
// every insert parsed its document once more, and every update twice (the old row's key to find
// its index entry, the new row's to write it), whole documents of tens of KB for a thread's turn
// document, while the writer held the file (fsql/write_serial.go): 6-9% of the server's CPU under
// part 1 of `npm run bench` with 8 in flight, all of it where writers wait for each other. The column is written
// by insert (the backend encodes the _id it already looks documents up by, insert_id.go in
// internal/backends/sqlite); an update never changes a document's _id, so it rewrites no index
// entry at all.
//
// Databases written by an older build (a table without the column, an index on the expression)
// are moved over when opened, each table in one transaction: the column is added and filled from
// the stored JSON (SQLite's `->` gives the same text the backend's own encoding does: the stored
// JSON is that encoding) and the index rebuilt on it. A kill midway leaves the table as it was,
// and the next open does it again. A row an older build inserted into a moved table (its _id
// left empty) is filled in on the next open too.
package metadata

import (
	"context"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// IDKeyColumn holds a document's _id encoded as the backend looks it up (sjson, as text).
const IDKeyColumn = backends.ReservedPrefix + "id"

// idKeyColumnDef declares IDKeyColumn; the empty default lets ALTER TABLE add it to a table with
// rows (migrateIDColumn fills them), and makes a row written without it (an older build's) fail
// the unique index on its second insert instead of hiding from _id lookups silently.
var idKeyColumnDef = fmt.Sprintf("%s TEXT NOT NULL DEFAULT ''", IDKeyColumn)

// indexColumn is the SQL of one index key: IDKeyColumn for _id, the JSON path otherwise.
func indexColumn(field string) string {
	if field == "_id" {
		return IDKeyColumn
	}

	parts := strings.Split(field, ".")
	for i, f := range parts {
		parts[i] = fmt.Sprintf("%q", f)
	}

	return fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(parts, "->"))
}

// migrateIDColumns moves every table of db written by an older build over to IDKeyColumn.
func migrateIDColumns(ctx context.Context, db *fsql.DB, colls map[string]*Collection) error {
	for _, c := range colls {
		if err := migrateIDColumn(ctx, db, c.TableName); err != nil {
			return lazyerrors.Errorf("%s: %w", c.TableName, err)
		}
	}

	return nil
}

// migrateIDColumn adds and fills table's IDKeyColumn and rebuilds its _id index on it, in one
// transaction; a table already moved over costs two lookups in the schema and one in the index.
func migrateIDColumn(ctx context.Context, db *fsql.DB, table string) error {
	index := table + "_" + backends.DefaultIndexName

	var hasColumn bool
	q := `SELECT count(*) > 0 FROM pragma_table_info(?) WHERE name = ?`
	if err := db.QueryRowContext(ctx, q, table, IDKeyColumn).Scan(&hasColumn); err != nil {
		return lazyerrors.Error(err)
	}

	var indexSQL string
	q = `SELECT coalesce(max(sql), '') FROM sqlite_schema WHERE type = 'index' AND name = ?`
	if err := db.QueryRowContext(ctx, q, index).Scan(&indexSQL); err != nil {
		return lazyerrors.Error(err)
	}

	onColumn := strings.Contains(indexSQL, IDKeyColumn)

	if hasColumn && onColumn {
		var empty bool
		q = fmt.Sprintf(`SELECT EXISTS (SELECT 1 FROM %q WHERE %s = '')`, table, IDKeyColumn)
		if err := db.QueryRowContext(ctx, q).Scan(&empty); err != nil {
			return lazyerrors.Error(err)
		}

		if !empty {
			return nil
		}
	}

	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		var statements []string

		if !hasColumn {
			statements = append(statements, fmt.Sprintf(`ALTER TABLE %q ADD COLUMN %s`, table, idKeyColumnDef))
		}

		statements = append(statements, fmt.Sprintf(
			`UPDATE %q SET %s = %s->'_id' WHERE %s = ''`, table, IDKeyColumn, DefaultColumn, IDKeyColumn,
		))

		if !onColumn {
			statements = append(statements,
				fmt.Sprintf(`DROP INDEX IF EXISTS %q`, index),
				fmt.Sprintf(`CREATE UNIQUE INDEX %q ON %q (%s)`, index, table, IDKeyColumn),
			)
		}

		for _, s := range statements {
			if _, err := tx.ExecContext(ctx, s); err != nil {
				return lazyerrors.Error(err)
			}
		}

		return nil
	})
}
