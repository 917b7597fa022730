package fsql

import (
	"context"
	"fmt"
	"sync"

	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// Group commit: writers to one SQLite file that queue meanwhile share one transaction.
//
// Writers to a file run one at a time (write_serial.go), and each paid for its own BEGIN and
// COMMIT: the commit writes the pages it changed to the WAL, even a page the next writer changes
// again a moment later (a collection's last page, an index's). With several clients writing, the
// writer holding the file now runs every writer that queued behind it in its transaction, each
// in a savepoint of its own, and commits once for all of them. A writer alone (the usual case
// one message at a time) runs exactly as before: its own BEGIN, statements and COMMIT.
//
// What each writer sees is unchanged: its statements are atomic (a failed one is rolled back to
// its savepoint, so only its own work is undone, as its own transaction's rollback did), it runs
// after the writers before it as it did under the lock, and InTransaction returns only after the
// COMMIT that made its writes durable, so nothing is acknowledged that a kill of the server could
// take. A failed COMMIT fails every writer of the group that had not already failed.

// maxGroupedWriters bounds the writers of one transaction.
const maxGroupedWriters = 64

// groupWriter is one InTransaction call waiting for (or leading) its group.
type groupWriter struct {
	ctx context.Context
	f   func(*Tx) error
	err error

	// wake is signalled once: finished (another writer ran f and committed) or to lead.
	wake     chan struct{}
	finished bool
}

// writeGroup is a file's queue of writers; leading tells whether a writer is running a group.
type writeGroup struct {
	mu      sync.Mutex
	queue   []*groupWriter
	leading bool
}

// inGroup runs f in a transaction, shared with the writers queued meanwhile (see above).
func (db *DB) inGroup(ctx context.Context, f func(*Tx) error) error {
	w := &groupWriter{ctx: ctx, f: f, wake: make(chan struct{}, 1)}

	g := &db.group
	g.mu.Lock()
	g.queue = append(g.queue, w)
	lead := !g.leading
	g.leading = true
	g.mu.Unlock()

	if !lead {
		<-w.wake

		if w.finished {
			return w.err
		}
	}

	// w leads: it is first in the queue (a writer is handed the lead only while first).
	g.mu.Lock()
	n := min(len(g.queue), maxGroupedWriters)
	batch := g.queue[:n:n]
	g.queue = g.queue[n:]
	g.mu.Unlock()

	db.lead(batch)

	return w.err
}

// lead runs batch (its leader first) holding the file, then wakes the others and hands the lead
// to the next writer queued. A panic (upstream's InTransaction lets one through, and the server
// recovers it per connection) still releases the file and the lead, and fails the writers whose
// work it cut short, so no writer waits for good and none is told it succeeded.
func (db *DB) lead(batch []*groupWriter) {
	g := &db.group
	done := false

	defer func() {
		for _, p := range batch[1:] {
			if !done && p.err == nil {
				p.err = lazyerrors.Errorf("a grouped write's transaction was cut short")
			}

			p.finished = true
			p.wake <- struct{}{}
		}

		g.mu.Lock()
		if len(g.queue) > 0 {
			g.queue[0].wake <- struct{}{}
		} else {
			g.leading = false
		}
		g.mu.Unlock()
	}()

	defer db.serialWrite()()

	if len(batch) == 1 {
		batch[0].err = db.inTransactionAlone(batch[0].ctx, batch[0].f)
	} else {
		db.commitGroup(batch)
	}

	done = true
}

// commitGroup runs every writer's f in one transaction, each in a savepoint, and commits once.
// The transaction is not tied to the leader's context: one client going away must not roll back
// the others' writes (each writer's statements still run under its own context).
func (db *DB) commitGroup(batch []*groupWriter) {
	fail := func(err error) {
		for _, p := range batch {
			if p.err == nil {
				p.err = err
			}
		}
	}

	sqlTx, err := db.sqlDB.BeginTx(context.WithoutCancel(batch[0].ctx), nil)
	if err != nil {
		fail(lazyerrors.Error(err))
		return
	}

	tx := wrapTx(sqlTx, db.l)

	for i, p := range batch {
		sp := fmt.Sprintf("ferretdb_group_%d", i)

		if _, err = tx.sqlTx.Exec("SAVEPOINT " + sp); err != nil {
			_ = tx.Rollback()
			fail(lazyerrors.Error(err))

			return
		}

		if p.err = runWriter(p, tx); p.err != nil {
			_, err = tx.sqlTx.Exec("ROLLBACK TO " + sp)
		}

		if err == nil {
			_, err = tx.sqlTx.Exec("RELEASE " + sp)
		}

		if err != nil {
			_ = tx.Rollback()
			fail(lazyerrors.Error(err))

			return
		}
	}

	if err = tx.Commit(); err != nil {
		fail(lazyerrors.Error(err))
	}
}

// runWriter calls p.f, turning a panic into p's error: the leader must go on to wake the others.
func runWriter(p *groupWriter, tx *Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = lazyerrors.Errorf("panic in a grouped write: %v", r)
		}
	}()

	return p.f(tx)
}
