package listings

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
)

// The search engine follows the listing tables through a change log that
// SQLite triggers fill: every insert, update and delete, whichever code path
// made it (the app's routes, raw SQL, the superuser dashboard, another
// process), lands in the log in the same transaction as the write. Before
// answering, the engine applies what it has not seen yet, so a member always
// reads their own writes. The log keeps a listing's former title and
// description when they change, so its old terms can be taken out of the
// index; a change of a member's verified badge or reliable mark is logged
// too.
//
// The log and its triggers are derived data, like an index: installLog
// creates whatever is missing at every start (a schema change that rebuilds
// a table drops its triggers; the next start restores them, and the full
// load at start covers anything written meanwhile).
const changesTable = "_search_changes"

// oldTextSQL joins a title and a description with a newline: whitespace
// separates terms, so the terms of the joined text are the terms of both.
const oldTextSQL = "old.title || char(10) || old.description"

// installLog creates the change log and the triggers of every table.
func installLog(app core.App, specs []SearchSpec) error {
	ddl := []string{
		`CREATE TABLE IF NOT EXISTS ` + changesTable + ` (
			seq INTEGER PRIMARY KEY AUTOINCREMENT,
			tbl TEXT NOT NULL,
			rid INTEGER NOT NULL,
			op TEXT NOT NULL,
			old_text TEXT)`,
		`CREATE TRIGGER IF NOT EXISTS _search_users_au AFTER UPDATE OF isVerified ON users
			WHEN old.isVerified IS NOT new.isVerified BEGIN
			INSERT INTO ` + changesTable + `(tbl, rid, op) VALUES ('users', new.rowid, 'u'); END`,
		`CREATE TRIGGER IF NOT EXISTS _search_users_reliable_au AFTER UPDATE OF isReliable ON users
			WHEN old.isReliable IS NOT new.isReliable BEGIN
			INSERT INTO ` + changesTable + `(tbl, rid, op) VALUES ('users', new.rowid, 'u'); END`,
	}
	for _, s := range specs {
		t := s.Table
		ddl = append(ddl,
			fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS _search_%[1]s_ai AFTER INSERT ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op) VALUES ('%[1]s', new.rowid, 'i'); END`, t, changesTable),
			fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS _search_%[1]s_au AFTER UPDATE ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op, old_text) VALUES ('%[1]s', new.rowid, 'u',
				CASE WHEN old.title IS NOT new.title OR old.description IS NOT new.description THEN %[3]s END);
				INSERT INTO %[2]s(tbl, rid, op, old_text) SELECT '%[1]s', old.rowid, 'd', %[3]s WHERE old.rowid <> new.rowid; END`,
				t, changesTable, oldTextSQL),
			fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS _search_%[1]s_ad AFTER DELETE ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op, old_text) VALUES ('%[1]s', old.rowid, 'd', %[3]s); END`,
				t, changesTable, oldTextSQL),
		)
	}
	return app.RunInTransaction(func(tx core.App) error {
		for _, q := range ddl {
			if _, err := tx.DB().NewQuery(q).Execute(); err != nil {
				return fmt.Errorf("search: install: %w", err)
			}
		}
		return nil
	})
}
