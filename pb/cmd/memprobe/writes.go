package main

import (
	"database/sql"
	"fmt"
	mrand "math/rand"
	"net/http"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the driver PocketBase uses
)

// sqlWriter inserts and edits listings in data.db from this process, as
// another program sharing the file would: the server learns of them
// through the change log its triggers fill, the path by which the index
// grows while it serves (a probe without writes could not see that growth).
type sqlWriter struct {
	db     *sql.DB
	rng    *mrand.Rand
	words  []string
	tables []writeTable
	n      int // writes so far
}

type writeTable struct {
	name, amount string
	columns      []string
	rows         int // the highest rowid at the start: edits and copies pick below it
}

func openSQLWriter(path string, words []string) (*sqlWriter, error) {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)")
	if err != nil {
		return nil, err
	}
	w := &sqlWriter{db: db, rng: mrand.New(mrand.NewSource(11)), words: words}
	for _, t := range []writeTable{{name: "sponsorships", amount: "amount"}, {name: "sponsorship_requests", amount: "requestedAmount"}} {
		rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, t.name)
		if err != nil {
			db.Close()
			return nil, err
		}
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				rows.Close()
				db.Close()
				return nil, err
			}
			t.columns = append(t.columns, c)
		}
		rows.Close()
		if err := db.QueryRow(`SELECT COALESCE(MAX(rowid), 0) FROM ` + t.name).Scan(&t.rows); err != nil {
			db.Close()
			return nil, err
		}
		if t.rows == 0 {
			db.Close()
			return nil, fmt.Errorf("no %s to copy or edit", t.name)
		}
		w.tables = append(w.tables, t)
	}
	return w, nil
}

// write makes one change: of every four, two inserts (a copy of a listing
// with a new id, title and amount) and two edits of a listing's title and
// amount, the kinds taking turns.
func (w *sqlWriter) write() error {
	w.n++
	t := w.tables[w.n%len(w.tables)]
	title := w.title()
	amount := 1 + w.rng.Intn(10_000)
	now := time.Now().UTC().Format("2006-01-02 15:04:05.000Z")
	from := 1 + w.rng.Intn(t.rows)
	var err error
	if w.n%4 < 2 {
		sel := make([]string, len(t.columns))
		for k, c := range t.columns {
			switch c {
			case "id":
				sel[k] = fmt.Sprintf("'mp%013d'", w.n) // 15 characters, as PocketBase's ids
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
		return fmt.Errorf("write to %s: %w", t.name, err)
	}
	return nil
}

// title is four to eight of the listings' own words.
func (w *sqlWriter) title() string {
	parts := make([]string, 4+w.rng.Intn(5))
	for i := range parts {
		parts[i] = w.words[w.rng.Intn(len(w.words))]
	}
	return strings.Join(parts, " ")
}

// run writes rate changes a second until stop closes, and answers how many
// it made.
func (w *sqlWriter) run(rate int, stop <-chan struct{}) (int, error) {
	tick := time.NewTicker(time.Second / time.Duration(max(rate, 1)))
	defer tick.Stop()
	made := 0
	for {
		select {
		case <-stop:
			return made, nil
		case <-tick.C:
			if err := w.write(); err != nil {
				return made, err
			}
			made++
		}
	}
}

func (w *sqlWriter) Close() error { return w.db.Close() }

// listWhileWriting is the last phase: the list load while this process
// writes to data.db at rate changes a second.
func (p *probe) listWhileWriting(db string, member http.Header, words []string, clients, rate int, phase time.Duration) error {
	w, err := openSQLWriter(db, words)
	if err != nil {
		return err
	}
	defer func() { _ = w.Close() }()
	stop := make(chan struct{})
	var made int
	var werr error
	done := make(chan struct{})
	go func() { defer close(done); made, werr = w.run(rate, stop) }()
	listed := p.lists(member, words, clients, phase)
	close(stop)
	<-done
	if werr != nil {
		return werr
	}
	p.report(fmt.Sprintf("5. %d clients listing for %s while another process wrote %d listings through SQL (%d list requests)",
		clients, phase, made, listed))
	return nil
}
