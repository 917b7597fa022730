package fsql

import (
	"context"
	"time"
)

// WAL checkpoints run on a goroutine of their own, not inside a writer's COMMIT.
//
// SQLite's automatic checkpoint runs in the COMMIT that takes the WAL past wal_autocheckpoint
// pages (1,000 by default): that writer copies the WAL's pages into the database file and syncs
// both files before its COMMIT returns, while it holds the file's writer mutex
// (write_serial.go), so every writer queued behind it waited for the copy and the two fsyncs
// (under `npm run bench` with 8 messages in flight, a checkpoint every few dozen writes). Here a
// write marks the file (serialWrite) and this goroutine, a moment later, runs a PASSIVE
// checkpoint on a connection of its own: in WAL mode a checkpoint runs beside writers and
// readers (it takes no writer lock, copies only the frames no reader still needs), so the
// writers go on meanwhile.
//
// The WAL starts over from its beginning only when a writer finds every frame copied, which a
// checkpoint running beside writers rarely leaves (they append while it copies): the WAL would
// grow until SQLite's own limit. So once it holds restartFrames frames, the goroutine copies the
// few frames added meanwhile holding the writer mutex, and the next writer starts the WAL over:
// the writers wait for that once every restartFrames frames instead of once every 1,000 (and
// mostly for the two fsyncs, the copying having been done beside them). main.go raises
// wal_autocheckpoint past restartFrames, so a writer checkpoints only should this goroutine stop.
//
// Durability is unchanged: a COMMIT is durable once in the WAL (synchronous=NORMAL), and a
// checkpoint cut short by a kill is redone from the WAL on the next open, as SQLite always does.

// checkpointDelay lets the writes of a burst share one checkpoint (each pays two fsyncs).
const checkpointDelay = 100 * time.Millisecond

// restartFrames is the WAL's length (4 KiB frames: 16 MiB) past which the WAL is started over.
const restartFrames = 4000

// checkpointer is a file's background checkpoint goroutine.
type checkpointer struct {
	// wrote is signalled (without blocking) after a write; stop ends the goroutine.
	wrote chan struct{}
	stop  chan struct{}
	done  chan struct{}
}

// startCheckpointer starts db's checkpoint goroutine; stopCheckpointer ends it.
func (db *DB) startCheckpointer() {
	c := &checkpointer{
		wrote: make(chan struct{}, 1),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	db.ckpt = c

	go func() {
		defer close(c.done)

		for {
			select {
			case <-c.stop:
				return
			case <-c.wrote:
			}

			select {
			case <-c.stop:
				return
			case <-time.After(checkpointDelay):
			}

			if frames, copied := db.checkpoint(); frames >= restartFrames && copied < frames {
				db.writeMu.Lock()
				db.checkpoint()
				db.writeMu.Unlock()
			}
		}
	}()
}

// checkpoint runs a PASSIVE checkpoint and returns the WAL's frames and how many of them are now
// in the database file. An error (SQLITE_BUSY while another connection checkpoints, a closed
// pool) leaves the frames for the next checkpoint: nothing written depends on this one.
func (db *DB) checkpoint() (frames, copied int64) {
	var busy int64

	row := db.sqlDB.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
	if err := row.Scan(&busy, &frames, &copied); err != nil {
		return 0, 0
	}

	return frames, copied
}

// markWritten tells the checkpointer that db's WAL grew.
func (db *DB) markWritten() {
	if db.ckpt == nil {
		return
	}

	select {
	case db.ckpt.wrote <- struct{}{}:
	default:
	}
}

// stopCheckpointer ends db's checkpoint goroutine and waits for it (before the pool closes).
func (db *DB) stopCheckpointer() {
	if db.ckpt == nil {
		return
	}

	close(db.ckpt.stop)
	<-db.ckpt.done
	db.ckpt = nil
}
