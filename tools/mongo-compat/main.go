// Command mongo-compat runs FerretDB's embeddable MongoDB-wire server on loopback
// over a SQLite directory. No package registry these machines reach carries a
// MongoDB server, so tests and the zero-config main job use this instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "", "SQLite data directory (created if missing)")
	flag.Parse()

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
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *addr},
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)",
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
