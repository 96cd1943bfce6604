// Package sqlwriter inserts and edits listings in data.db from outside the
// server, as another program sharing the file would: the server learns of
// the changes only through the change log its triggers fill. make bench's
// writing process (BenchmarkHardMixWithSQLWrites) and memprobe's last phase
// use it; neither is part of the server.
package sqlwriter

import (
	"database/sql"
	"fmt"
	mrand "math/rand"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the driver PocketBase uses

	"sponsorbridge/pb/internal/when"
)

// Writer makes one change a Write: of every four, two inserts (a copy of a
// listing with a new id, title, amount and time) and two edits of a
// listing's title and amount, the kinds taking turns.
type Writer struct {
	db     *sql.DB
	rng    *mrand.Rand
	title  func() string
	tables [2]table
	n      int // writes so far
}

type table struct {
	name, amount string
	columns      []string
	rows         int // the highest rowid at the start: edits and copies pick below it
}

// Open opens the data.db at path; rng draws the listings and amounts, and
// title makes each new title.
func Open(path string, rng *mrand.Rand, title func() string) (*Writer, error) {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)")
	if err != nil {
		return nil, err
	}
	w := &Writer{db: db, rng: rng, title: title,
		tables: [2]table{{name: "sponsorship_requests", amount: "requestedAmount"}, {name: "sponsorships", amount: "amount"}}}
	for i := range w.tables {
		if err := w.tables[i].read(db); err != nil {
			_ = db.Close()
			return nil, err
		}
	}
	return w, nil
}

// read learns the table's columns and its highest rowid.
func (t *table) read(db *sql.DB) error {
	rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, t.name)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return err
		}
		t.columns = append(t.columns, c)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := db.QueryRow(`SELECT COALESCE(MAX(rowid), 0) FROM ` + t.name).Scan(&t.rows); err != nil {
		return err
	}
	if t.rows == 0 {
		return fmt.Errorf("sqlwriter: no %s to copy or edit", t.name)
	}
	return nil
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// Write makes the next change.
func (w *Writer) Write() error {
	w.n++
	t := w.tables[w.n%2]
	title := w.title()
	amount := 1 + w.rng.Intn(10_000)
	now := when.Stored(time.Now())
	from := 1 + w.rng.Intn(t.rows)
	var err error
	if w.n%4 < 2 {
		id := make([]byte, 15) // as PocketBase's ids
		for i := range id {
			id[i] = idAlphabet[w.rng.Intn(len(idAlphabet))]
		}
		sel := make([]string, len(t.columns))
		for k, c := range t.columns {
			switch c {
			case "id":
				sel[k] = "'" + string(id) + "'"
			case "title":
				sel[k] = "?1"
			case t.amount:
				sel[k] = "?2"
			case "created", "updated":
				sel[k] = "?3"
			default:
				sel[k] = `"` + c + `"`
			}
		}
		_, err = w.db.Exec(`INSERT INTO `+t.name+` ("`+strings.Join(t.columns, `","`)+`") SELECT `+strings.Join(sel, ",")+
			` FROM `+t.name+` WHERE rowid >= ?4 LIMIT 1`, title, amount, now, from)
	} else {
		_, err = w.db.Exec(`UPDATE `+t.name+` SET title = ?1, `+t.amount+` = ?2, updated = ?3 WHERE rowid = (SELECT rowid FROM `+
			t.name+` WHERE rowid >= ?4 LIMIT 1)`, title, amount, now, from)
	}
	if err != nil {
		return fmt.Errorf("sqlwriter: write to %s: %w", t.name, err)
	}
	return nil
}

// Run writes rate changes a second until stop closes (nil: until a write
// fails), telling wrote each count, and answers how many it made.
func (w *Writer) Run(rate int, stop <-chan struct{}, wrote func(n int)) (int, error) {
	tick := time.NewTicker(time.Second / time.Duration(max(rate, 1)))
	defer tick.Stop()
	made := 0
	for {
		select {
		case <-stop:
			return made, nil
		case <-tick.C:
			if err := w.Write(); err != nil {
				return made, err
			}
			made++
			if wrote != nil {
				wrote(made)
			}
		}
	}
}

// Close closes the database.
func (w *Writer) Close() error { return w.db.Close() }
