package handler

import "sync"

// Conditional writes are atomic per collection, as on MongoDB.
//
// Upstream FerretDB v1 runs findAndModify, update and delete as two steps: it queries the
// matching documents, filters them in Go, then writes them by _id (FerretDB issue #3040). Two
// clients that both update {_id: X, version: 3} can therefore both match version 3 and both
// "win", which breaks every compare-and-set an application builds on findOneAndUpdate. Switchboard
// relies on that compare-and-set (a refund decided once, a ticket claimed once), so this build
// holds a lock per collection across the query and the write of each such command. Inserts need
// no lock: the _id primary key already makes a duplicate fail. One FerretDB process serves the
// SQLite directory, so an in-process lock covers every client.
var (
	writeLocksMu sync.Mutex
	writeLocks   = map[string]*sync.Mutex{}
)

// withCollectionLock runs f holding db.collection's lock, released however f ends: a panic in a
// command (recovered per connection by clientconn) must not leave the collection locked for good.
func withCollectionLock[T any](db, collection string, f func() (T, error)) (T, error) {
	defer lockCollection(db, collection)()

	return f()
}

// withCollectionLockErr is withCollectionLock for a function that returns only an error.
func withCollectionLockErr(db, collection string, f func() error) error {
	defer lockCollection(db, collection)()

	return f()
}

// lockCollection locks db.collection for one modifying command and returns its unlock.
func lockCollection(db, collection string) func() {
	key := db + "\x00" + collection

	writeLocksMu.Lock()
	l, ok := writeLocks[key]
	if !ok {
		l = new(sync.Mutex)
		writeLocks[key] = l
	}
	writeLocksMu.Unlock()

	l.Lock()

	return l.Unlock
}
