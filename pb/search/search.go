// Package search keeps a SQLite FTS5 index (trigram tokenizer) over the title
// and description of each listing collection. A trigram index answers
// case-insensitive substring queries of three or more characters, which is
// exactly the spec's keyword rule, without scanning the table.
//
// The index is a contentless table (it stores only the index, not a second
// copy of the text) keyed by the NEGATED rowid of the listing, and kept in
// step by triggers. Rowids grow with insertion time, so ascending index
// order is newest first: FTS5 walks a doclist forwards cheaply, whereas
// walking it backwards means loading it whole. Use RowidJoin to join. Ensure is idempotent and runs in the schema
// migration and at every start: if a trigger went missing (for example
// because a later schema change rebuilt the table) it is recreated and the
// index rebuilt from the table.
package search

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
)

// Tables are the listing collections that carry a search index.
var Tables = []string{"sponsorships", "sponsorship_requests"}

// FTSTable names the index of a listing table.
func FTSTable(table string) string { return table + "_fts" }

// Ensure creates the index and its triggers where missing and rebuilds the
// index when anything had to be created.
func Ensure(app core.App) error {
	for _, table := range Tables {
		if err := ensureTable(app, table); err != nil {
			return fmt.Errorf("search: %s: %w", table, err)
		}
	}
	return nil
}

func ensureTable(app core.App, table string) error {
	fts := FTSTable(table)
	triggers := map[string]string{
		fts + "_ai": fmt.Sprintf(`CREATE TRIGGER %[1]s_ai AFTER INSERT ON %[2]s BEGIN
  INSERT INTO %[1]s(rowid, title, description) VALUES (-new.rowid, new.title, new.description);
END`, fts, table),
		fts + "_ad": fmt.Sprintf(`CREATE TRIGGER %[1]s_ad AFTER DELETE ON %[2]s BEGIN
  DELETE FROM %[1]s WHERE rowid = -old.rowid;
END`, fts, table),
		fts + "_au": fmt.Sprintf(`CREATE TRIGGER %[1]s_au AFTER UPDATE OF title, description ON %[2]s BEGIN
  DELETE FROM %[1]s WHERE rowid = -old.rowid;
  INSERT INTO %[1]s(rowid, title, description) VALUES (-new.rowid, new.title, new.description);
END`, fts, table),
	}

	created := false
	if !exists(app, "table", fts) {
		q := fmt.Sprintf(`CREATE VIRTUAL TABLE %s USING fts5(title, description, content='', contentless_delete=1, tokenize='trigram case_sensitive 0')`, fts)
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			return err
		}
		created = true
	}
	for name, ddl := range triggers {
		if exists(app, "trigger", name) {
			continue
		}
		if _, err := app.DB().NewQuery(ddl).Execute(); err != nil {
			return err
		}
		created = true
	}
	if created {
		return Rebuild(app, table)
	}
	return nil
}

// Rebuild refills a table's index from the table itself.
func Rebuild(app core.App, table string) error {
	fts := FTSTable(table)
	return app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().NewQuery("DELETE FROM " + fts).Execute(); err != nil {
			return err
		}
		_, err := tx.DB().NewQuery(fmt.Sprintf(
			`INSERT INTO %s(rowid, title, description) SELECT -rowid, title, description FROM %s`, fts, table)).Execute()
		return err
	})
}

// RowidJoin is the join condition between a listing table aliased t and its
// index aliased f.
const RowidJoin = "t.rowid = -f.rowid"

// Drop removes the indexes and their triggers.
func Drop(app core.App) error {
	for _, table := range Tables {
		fts := FTSTable(table)
		for _, q := range []string{
			"DROP TRIGGER IF EXISTS " + fts + "_ai",
			"DROP TRIGGER IF EXISTS " + fts + "_ad",
			"DROP TRIGGER IF EXISTS " + fts + "_au",
			"DROP TABLE IF EXISTS " + fts,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
	}
	return nil
}

func exists(app core.App, kind, name string) bool {
	var n int
	err := app.DB().NewQuery("SELECT count(*) FROM sqlite_master WHERE type = {:kind} AND name = {:name}").
		Bind(map[string]any{"kind": kind, "name": name}).Row(&n)
	return err == nil && n > 0
}
