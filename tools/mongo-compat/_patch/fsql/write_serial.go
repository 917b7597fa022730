package fsql

// Writers to one SQLite file wait for each other here, in Go, instead of in SQLite.
//
// SQLite lets one connection write at a time. FerretDB's pool gives every command its own
// connection, so with several clients writing (different collections: the per-collection lock of
// handler/write_lock.go does not order them) the second writer's BEGIN...INSERT got SQLITE_BUSY
// and SQLite's busy handler slept 1, 2, 5, 10, 15... ms before trying again, long after the first
// had committed: the server sat idle with writes queued. A mutex per file hands the write over
// the moment the previous one commits. Nothing about what is written, or when a write is
// acknowledged, changes: a statement or transaction is acknowledged once committed, as before
// (the transactions queued meanwhile commit together: group_commit.go).
//
// serialWrite locks db's writer mutex and returns its unlock, which also tells the checkpointer
// that the WAL grew (checkpoint.go). It must not be taken while already held: inside
// InTransaction's f, statements go through the *Tx, never through db.ExecContext.
func (db *DB) serialWrite() func() {
	db.writeMu.Lock()

	return func() {
		db.writeMu.Unlock()
		db.markWritten()
	}
}
