package listings

import (
	"fmt"
	"strings"

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
// too, and so is a change of what a listing's card shows of its poster
// (cards.go).
//
// The log and its triggers are derived data, like an index: installLog
// creates whatever is missing at every start and replaces a trigger the
// code has changed since (a schema change that rebuilds a table drops its
// triggers; the next start restores them, and the full load at start covers
// anything written meanwhile).
const changesTable = "_search_changes"

// oldTextSQL joins a title and a description with a newline: whitespace
// separates terms, so the terms of the joined text are the terms of both.
const oldTextSQL = "old.title || char(10) || old.description"

// installLog creates the change log and the triggers of every table. A
// trigger whose stored definition differs from the one here (the code
// changed it) is replaced, and a search trigger the code no longer makes is
// dropped; when every trigger is as written here, nothing is written, so a
// start changes no schema under open connections.
func installLog(app core.App, specs []SearchSpec) error {
	table := `CREATE TABLE IF NOT EXISTS ` + changesTable + ` (
			seq INTEGER PRIMARY KEY AUTOINCREMENT,
			tbl TEXT NOT NULL,
			rid INTEGER NOT NULL,
			op TEXT NOT NULL,
			old_text TEXT)`
	triggers := map[string]string{
		// A member's deletion: the engine reads the badge again (the member
		// is gone) and the cards are dropped (cards.go).
		"_search_users_ad": `AFTER DELETE ON users BEGIN
			INSERT INTO ` + changesTable + `(tbl, rid, op) VALUES ('users', old.rowid, 'd'); END`,
	}
	for _, s := range specs {
		t := s.Table
		triggers["_search_"+t+"_ai"] = fmt.Sprintf(`AFTER INSERT ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op) VALUES ('%[1]s', new.rowid, 'i'); END`, t, changesTable)
		triggers["_search_"+t+"_au"] = fmt.Sprintf(`AFTER UPDATE ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op, old_text) VALUES ('%[1]s', new.rowid, 'u',
				CASE WHEN old.title IS NOT new.title OR old.description IS NOT new.description THEN %[3]s END);
				INSERT INTO %[2]s(tbl, rid, op, old_text) SELECT '%[1]s', old.rowid, 'd', %[3]s WHERE old.rowid <> new.rowid; END`,
			t, changesTable, oldTextSQL)
		triggers["_search_"+t+"_ad"] = fmt.Sprintf(`AFTER DELETE ON %[1]s BEGIN
				INSERT INTO %[2]s(tbl, rid, op, old_text) VALUES ('%[1]s', old.rowid, 'd', %[3]s); END`,
			t, changesTable, oldTextSQL)
	}
	return app.RunInTransaction(func(tx core.App) error {
		have, err := columnsOf(tx, "users")
		if err != nil {
			return err
		}
		for name, t := range usersTriggers {
			if body := usersTrigger(t.op, t.cols, have); body != "" {
				triggers[name] = body
			}
		}
		return installTriggers(tx, table, triggers)
	})
}

// usersTriggers name the columns of users each trigger follows and the
// operation it logs: the verified badge, the reliable mark and the audience
// ('u': the engine reads the member's marks again, and the cards are
// dropped), and what else of a poster a listing's card shows ('p': only the
// cards are dropped, cards.go).
var usersTriggers = map[string]struct {
	op   string
	cols []string
}{
	"_search_users_au":          {"u", []string{"isVerified"}},
	"_search_users_reliable_au": {"u", []string{"isReliable"}},
	"_search_users_audience_au": {"u", []string{"audience", "audienceProvenance"}},
	"_search_users_card_au":     {"p", []string{"username", "displayName", "avatar", "dealsCompleted", "ratingSum", "ratingCount"}},
}

// usersTrigger writes the trigger over those of cols that users has ("" if
// none): a column a migration has not added yet, or removed, is left out,
// or every update of users would fail.
func usersTrigger(op string, cols []string, have map[string]bool) string {
	var of, when []string
	for _, c := range cols {
		if have[c] {
			of = append(of, c)
			when = append(when, "old."+c+" IS NOT new."+c)
		}
	}
	if len(of) == 0 {
		return ""
	}
	return `AFTER UPDATE OF ` + strings.Join(of, ", ") + ` ON users
			WHEN ` + strings.Join(when, " OR ") + ` BEGIN
			INSERT INTO ` + changesTable + `(tbl, rid, op) VALUES ('users', new.rowid, '` + op + `'); END`
}

// columnsOf answers the column names of a table.
func columnsOf(app core.App, table string) (map[string]bool, error) {
	var cols []struct {
		Name string `db:"name"`
	}
	if err := app.DB().NewQuery("SELECT name FROM pragma_table_info({:t})").Bind(map[string]any{"t": table}).All(&cols); err != nil {
		return nil, fmt.Errorf("search: install: %w", err)
	}
	have := make(map[string]bool, len(cols))
	for _, c := range cols {
		have[c.Name] = true
	}
	return have, nil
}

// dropTriggers drops the search triggers on a table: a schema change drops
// them first, since SQLite refuses to drop a column a trigger names
// (Engine.BindHooks; the next install restores them).
func dropTriggers(app core.App, table string) error {
	var names []string
	err := app.DB().NewQuery(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = {:t} AND name LIKE '\_search\_%' ESCAPE '\'`).
		Bind(map[string]any{"t": table}).Column(&names)
	if err != nil {
		return fmt.Errorf("search: drop triggers of %s: %w", table, err)
	}
	for _, n := range names {
		if _, err := app.DB().NewQuery("DROP TRIGGER " + n).Execute(); err != nil {
			return fmt.Errorf("search: drop triggers of %s: %w", table, err)
		}
	}
	return nil
}

// installTriggers creates the log table and the triggers, replacing those
// whose stored definition differs and dropping search triggers the code no
// longer makes.
func installTriggers(tx core.App, table string, triggers map[string]string) error {
	exec := func(q string) error {
		if _, err := tx.DB().NewQuery(q).Execute(); err != nil {
			return fmt.Errorf("search: install: %w", err)
		}
		return nil
	}
	if err := exec(table); err != nil {
		return err
	}
	// SQLite keeps a trigger's statement as written, "CREATE TRIGGER
	// name " and the rest.
	var stored []struct {
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}
	err := tx.DB().NewQuery(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '\_search\_%' ESCAPE '\'`).All(&stored)
	if err != nil {
		return fmt.Errorf("search: install: %w", err)
	}
	have := make(map[string]string, len(stored))
	for _, t := range stored {
		have[t.Name] = t.SQL
	}
	for name, sql := range have {
		if body, ok := triggers[name]; !ok || sql != "CREATE TRIGGER "+name+" "+body {
			if err := exec("DROP TRIGGER " + name); err != nil {
				return err
			}
			delete(have, name)
		}
	}
	for name, body := range triggers {
		if _, ok := have[name]; !ok {
			if err := exec("CREATE TRIGGER " + name + " " + body); err != nil {
				return err
			}
		}
	}
	return nil
}
