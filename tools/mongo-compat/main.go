// Command mongo-compat runs FerretDB's embeddable MongoDB-wire server on loopback
// over a SQLite directory. No package registry these machines reach carries a
// MongoDB server, so tests and the zero-config main job use this instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	_ "net/http/pprof" // served only with -pprof
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "", "SQLite data directory (created if missing)")
	pprofAddr := flag.String("pprof", "", "serve Go's net/http/pprof on this loopback address (off by default)")
	flag.Parse()

	// The bench and the tests start this server themselves (src/memory/local-mongo.ts), so the
	// profiler can also be asked for through the environment the child inherits:
	// MONGO_COMPAT_PPROF=127.0.0.1:6060 npm run bench. MONGO_COMPAT_PPROF_LOCKS=1 also records
	// where goroutines wait on mutexes and channels (/debug/pprof/mutex and /block), which costs
	// CPU of its own: off unless asked for.
	if *pprofAddr == "" {
		*pprofAddr = os.Getenv("MONGO_COMPAT_PPROF")
	}
	if *pprofAddr != "" && os.Getenv("MONGO_COMPAT_PPROF_LOCKS") == "1" {
		runtime.SetMutexProfileFraction(1)
		runtime.SetBlockProfileRate(1)
	}

	// The collector ran at every doubling of a small live heap: about a tenth of the server's CPU
	// under `npm run bench`. It runs at every quintupling now: with 8 messages in flight the
	// server's CPU a message fell ~10% against every tripling, for ~8 MB more at peak (57 -> 65
	// MB in bench/profile-part1.ts); one at a time within the noise. GOGC still overrides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	if *pprofAddr != "" {
		go func() {
			// Profiling a live server: go tool pprof http://ADDR/debug/pprof/profile?seconds=30
			log.Printf("mongo-compat: pprof on http://%s/debug/pprof/: %v", *pprofAddr, http.ListenAndServe(*pprofAddr, nil))
		}()
	}

	if *dir == "" {
		fmt.Fprintln(os.Stderr, "mongo-compat: -dir is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(*dir, 0o700); err != nil {
		log.Fatalf("mongo-compat: cannot create %s: %v", *dir, err)
	}

	// WAL with synchronous=NORMAL: a commit survives this process (or the app) being killed at any
	// instant; only an OS crash or power loss can lose the last ones, as with mongod's default
	// write concern (journal flushed every 100 ms). FULL (the default) synced the disk per commit.
	// Checkpoints run on a goroutine of their own (_patch/fsql/checkpoint.go); a writer's COMMIT
	// checkpoints only past 10,000 pages of WAL (~40 MB), should that goroutine fall that far behind.
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *addr},
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)&_pragma=wal_autocheckpoint(10000)",
	})
	if err != nil {
		log.Fatalf("mongo-compat: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// The parent reads this line to learn the server is about to accept connections.
	fmt.Printf("mongo-compat listening on %s (sqlite %s)\n", *addr, *dir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatalf("mongo-compat: %v", err)
	}
}
