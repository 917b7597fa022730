package sqlite

import (
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// insertedID is the value an insert writes to idColumn for doc: its _id as marshalID encodes
// it, which is also what Query, UpdateAll and DeleteAll compare idColumn with (and what SQLite's
// `->'_id'` gives from the stored document, which the migration of an older database fills the
// column with: metadata's id_column.go).
func insertedID(doc *types.Document) (string, error) {
	id, err := doc.Get("_id")
	if err != nil {
		return "", lazyerrors.Error(err)
	}

	return marshalID(id), nil
}
