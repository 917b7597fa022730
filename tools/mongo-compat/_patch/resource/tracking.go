package resource

// tracking is off in this build.
//
// Upstream FerretDB registers every iterator, transaction and query result in a runtime/pprof
// profile (capturing the caller's stack) and sets a finalizer that panics when one is garbage
// collected unclosed: a leak detector for FerretDB's own development. It costs about 5% of the
// server's CPU per command under Switchboard's load and changes no result, so Track and Untrack
// (patched by scripts/build-mongo-compat.mjs) return at once.
const tracking = false
