package resource

// trackResources turns FerretDB's leak tracking of iterators, rows and transactions on. It is a
// debugging aid for FerretDB's own tests: every Track put the object in a pprof profile (a stack
// unwind) and set a finalizer that panics if the object is never untracked. This server is run,
// not debugged, so it is off (scripts/build-mongo-compat.mjs adds this file and the check).
var trackResources = false
