// Package sqlite: this file is added to FerretDB v1's SQLite backend
// (internal/backends/sqlite) at build time, in a patched copy of the module; see
// scripts/build-mongo-compat.mjs, which also points collection.go at it.
//
// Two upstream gaps made every lookup by _id a full table scan:
//
//  1. The backend compares `_ferretdb_sjson->'$._id'`, but the unique index it
//     creates for _id is on `_ferretdb_sjson->"_id"`. Both select the same value,
//     yet SQLite matches index expressions syntactically, so neither Query,
//     UpdateAll nor DeleteAll ever used the index. (The index is now on a column
//     of its own, idColumn, which all three compare.)
//  2. Query narrowed by _id only when the filter was exactly {_id: X}; the app's
//     filters carry the tenant as well ({_id: X, tenantId: T}), and those scanned
//     every document in Go.
//
// Narrowing is safe for any filter that pins _id: FerretDB's handlers apply the
// whole filter again to each row the backend returns (find, count, distinct,
// update, delete, findAndModify, aggregate's leading $match), so the other
// conditions are still evaluated, on the one fetched document.
package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// idColumn is the column the "_id_" index is built on: each document's _id, encoded
// as marshalID encodes a looked-up one (metadata's id_column.go; upstream indexed
// and compared `->` expressions over the stored JSON).
const idColumn = metadata.IDKeyColumn

// maxIDsInQuery bounds the parameters of one `IN (...)`; larger $in lists scan.
const maxIDsInQuery = 500

// filterWhereClause narrows a query in SQL: by _id through its index (see
// idWhereClause), and by every other top-level field compared for equality with
// a string ({tenantId: "T1", status: "open"}). Those comparisons run in SQLite
// over the stored JSON instead of decoding every document in Go, about ten
// times faster on a scan. Each one is a superset of MongoDB's match: a document
// whose field is an array is kept whatever it holds (MongoDB matches an array
// that contains the value), and FerretDB's handler applies the whole filter to
// every row returned anyway.
//
// A filter that pins one _id gets its _id comparison alone: the index finds the
// one row, and comparing its other fields in SQLite would only parse the whole
// stored document once more (a thread's turn document is tens of KB, read by
// every update of it while its collection is locked) before Go decodes it and
// applies the filter anyway.
func filterWhereClause(filter *types.Document) (string, []any) {
	where, args := idWhereClause(filter)
	if len(args) == 1 {
		return where, args
	}

	var conds []string
	if where != "" {
		conds = append(conds, strings.TrimPrefix(where, " WHERE "))
	}

	for _, k := range filter.Keys() {
		if k == "_id" || k == "" || strings.HasPrefix(k, "$") || strings.ContainsAny(k, ".\"\\") {
			continue
		}

		v, ok := onlyValue(filter, k)
		if !ok {
			continue
		}

		s, isString := v.(string)
		if !isString {
			continue
		}

		conds = append(conds, fmt.Sprintf(
			`(%[1]s->? = ? OR json_type(%[1]s, ?) = 'array')`, metadata.DefaultColumn,
		))
		args = append(args, k, marshalID(s), jsonPath(k))
	}

	if len(conds) == 0 {
		return "", nil
	}

	return ` WHERE ` + strings.Join(conds, ` AND `), args
}

// jsonPath is the SQLite JSON path of a top-level key, quoted.
func jsonPath(key string) string {
	return `$."` + strings.ReplaceAll(key, `"`, `\"`) + `"`
}

// idWhereClause returns a WHERE clause and its arguments that narrow a query to
// the rows whose _id can match filter, or "" when filter does not pin _id to
// strings or ObjectIDs: {_id: X, ...}, {_id: {$eq: X}, ...} and
// {_id: {$in: [X, Y]}, ...}. Other value types (numbers compare across int32,
// int64 and double; documents and regexes have their own rules) keep the scan.
func idWhereClause(filter *types.Document) (string, []any) {
	v, ok := onlyValue(filter, "_id")
	if !ok {
		return "", nil
	}

	if cond, isDoc := v.(*types.Document); isDoc {
		if eq, ok := onlyValue(cond, "$eq"); ok && cond.Len() == 1 {
			v = eq
		} else if in, ok := onlyValue(cond, "$in"); ok && cond.Len() == 1 {
			return idInClause(in)
		} else {
			return "", nil
		}
	}

	if !isIndexedID(v) {
		return "", nil
	}

	return fmt.Sprintf(` WHERE %s = ?`, idColumn), []any{marshalID(v)}
}

// idInClause narrows to the listed _ids when every element is a string or an ObjectID.
func idInClause(v any) (string, []any) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 || arr.Len() > maxIDsInQuery {
		return "", nil
	}

	args := make([]any, arr.Len())
	placeholders := make([]string, arr.Len())

	for i := 0; i < arr.Len(); i++ {
		el := must.NotFail(arr.Get(i))
		if !isIndexedID(el) {
			return "", nil
		}

		args[i] = marshalID(el)
		placeholders[i] = "?"
	}

	return fmt.Sprintf(` WHERE %s IN (%s)`, idColumn, strings.Join(placeholders, ", ")), args
}

// onlyValue returns doc's value for key when key occurs exactly once
// (types.Document.Get panics on a duplicated key).
func onlyValue(doc *types.Document, key string) (any, bool) {
	n := 0

	for _, k := range doc.Keys() {
		if k == key {
			n++
		}
	}

	if n != 1 {
		return nil, false
	}

	return must.NotFail(doc.Get(key)), true
}

func isIndexedID(v any) bool {
	switch v.(type) {
	case string, types.ObjectID:
		return true
	default:
		return false
	}
}

func marshalID(v any) string {
	return string(must.NotFail(sjson.MarshalSingleValue(v)))
}
