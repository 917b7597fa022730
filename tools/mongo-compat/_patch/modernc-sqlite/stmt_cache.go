// Package sqlite: this file is added to modernc.org/sqlite (the SQLite driver FerretDB's backend
// uses) at build time, in a patched copy of the module; see scripts/build-mongo-compat.mjs, which
// points the driver's prepare, finalize and close at it.
//
// The driver parsed and planned every statement again on each execution, prepared statements
// included (it prepares from the SQL text inside Exec and Query): about a tenth of the server's
// CPU under `npm run bench` (pprof, issue 13). FerretDB's statements are few and formulaic (a
// collection's table name, a WHERE clause per filter shape, BEGIN, COMMIT), so each connection
// keeps the statements it prepared, by text, and resets them after use instead of finalizing
// them. SQLite re-prepares a kept statement itself when the schema changes (a table created or
// dropped), and a reset statement holds no lock or read transaction, so a kept statement behaves
// as a fresh one.
package sqlite

import (
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// maxKeptStatements bounds one connection's kept statements; statements beyond it are prepared
// and finalized per use, as upstream (an `IN (...)` list or a multi-row INSERT of a new length is
// a new text).
const maxKeptStatements = 256

// keptStatement is a prepared single statement of a connection and whether a caller holds it.
type keptStatement struct {
	pstmt uintptr
	inUse bool
}

// stmtCache is one connection's kept statements, by SQL text and by handle. A connection is used
// by one goroutine at a time (database/sql), so it needs no lock.
type stmtCache struct {
	byText   map[string]*keptStatement
	byHandle map[uintptr]*keptStatement
}

// prepareKept prepares the next statement of *zSQL like prepareV2 does, reusing this
// connection's kept statement for the same text when it is free. Only a text holding a single
// statement is kept.
func (c *conn) prepareKept(zSQL *uintptr) (uintptr, error) {
	if c.cache == nil {
		c.cache = &stmtCache{byText: map[string]*keptStatement{}, byHandle: map[uintptr]*keptStatement{}}
	}

	text := libc.GoString(*zSQL)
	if k, ok := c.cache.byText[text]; ok && !k.inUse {
		k.inUse = true
		*zSQL += uintptr(len(text)) // a kept text is a single statement: nothing follows it

		return k.pstmt, nil
	}

	start := *zSQL

	pstmt, err := c.prepareV2(zSQL)
	if err != nil || pstmt == 0 {
		return pstmt, err
	}

	single := *(*byte)(unsafe.Pointer(*zSQL)) == 0 && *zSQL-start == uintptr(len(text))
	if _, taken := c.cache.byText[text]; single && !taken && len(c.cache.byText) < maxKeptStatements {
		k := &keptStatement{pstmt: pstmt, inUse: true}
		c.cache.byText[text] = k
		c.cache.byHandle[pstmt] = k
	}

	return pstmt, nil
}

// releaseKept resets a kept statement for its next use instead of finalizing it, returning the
// error of its last step as sqlite3_finalize would; ok is false for a statement that is not kept.
func (c *conn) releaseKept(pstmt uintptr) (ok bool, err error) {
	if c.cache == nil || pstmt == 0 {
		return false, nil
	}

	k, kept := c.cache.byHandle[pstmt]
	if !kept {
		return false, nil
	}

	rc := sqlite3.Xsqlite3_reset(c.tls, pstmt)
	sqlite3.Xsqlite3_clear_bindings(c.tls, pstmt)
	k.inUse = false

	if rc != sqlite3.SQLITE_OK {
		return true, c.errstr(rc)
	}

	return true, nil
}

// finalizeKept finalizes every kept statement, before the connection closes.
func (c *conn) finalizeKept() {
	if c.cache == nil {
		return
	}

	for _, k := range c.cache.byText {
		sqlite3.Xsqlite3_finalize(c.tls, k.pstmt)
	}

	c.cache = nil
}
