package notify

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Some news comes in bursts (a member's saved search matches ten listings
// posted in an afternoon). Those e-mails are batched: the first item after
// an hour of quiet goes out at once; items arriving within the hour wait
// and go together when it is up (FlushDigests runs every minute). One key
// per batch: "matches" for a member's matches, "alert:<id>" per saved
// search.
const digestEvery = time.Hour

const digestCollection = "mail_digests"

// DigestNote says how a batch reads.
type DigestNote struct {
	Key        string
	Topic      string
	Subject    string // when the batch holds one item
	SubjectN   string // with %d, when it holds several
	Action     string
	ActionPath string
}

type digestState struct {
	DigestNote
	Items []Item `json:"items"`
}

// digestIn adds the item with tx; it answers the batch to mail once tx
// has committed (the batch was quiet for an hour), or nil. Batches are the
// server's own bookkeeping (no API, no realtime, no hooks): plain SQL
// keeps a fan-out to hundreds of members cheap.
func digestIn(tx core.App, userID string, note DigestNote, it Item) (*digestState, error) {
	var row struct {
		ID         string `db:"id"`
		LastSentAt string `db:"lastSentAt"`
		Pending    string `db:"pending"`
	}
	now := types.NowDateTime()
	err := tx.DB().Select("id", "lastSentAt", "pending").From(digestCollection).
		Where(dbx.HashExp{"user": userID, "key": note.Key}).Limit(1).One(&row)
	if errors.Is(err, sql.ErrNoRows) {
		pending, _ := json.Marshal(digestState{DigestNote: note, Items: []Item{}})
		_, err := tx.DB().Insert(digestCollection, dbx.Params{
			"id": core.GenerateDefaultRandomId(), "user": userID, "key": note.Key, "lastSentAt": now.String(),
			"pending": string(pending), "created": now.String(), "updated": now.String(),
		}).Execute()
		return &digestState{DigestNote: note, Items: []Item{it}}, err
	}
	if err != nil {
		return nil, err
	}
	var st digestState
	_ = json.Unmarshal([]byte(row.Pending), &st)
	st.DigestNote = note
	var sendNow *digestState
	last, _ := types.ParseDateTime(row.LastSentAt)
	sent := last.String()
	if last.Time().Add(digestEvery).Before(now.Time()) && len(st.Items) == 0 {
		sent = now.String()
		sendNow = &digestState{DigestNote: note, Items: []Item{it}}
	} else if len(st.Items) < 50 {
		st.Items = append(st.Items, it)
	}
	if st.Items == nil {
		st.Items = []Item{}
	}
	pending, _ := json.Marshal(st)
	_, err = tx.DB().Update(digestCollection, dbx.Params{"pending": string(pending), "lastSentAt": sent, "updated": now.String()},
		dbx.HashExp{"id": row.ID}).Execute()
	return sendNow, err
}

// Delivery is one receiver's share of a fan-out: an in-app note (optional)
// and an item for one of their e-mail batches.
type Delivery struct {
	UserID string
	Note   *Note
	Digest DigestNote
	Item   Item
	// Once, when set, names what the delivery tells the member (e.g.
	// "alert:<search>:<listing>"): a delivery whose Once the member was
	// already given is left out. NoteOnce does the same for the note
	// alone (one note per member and listing, however many of their
	// searches match it).
	Once, NoteOnce string
}

// announcedCollection records every Once and NoteOnce given, one row per
// member and key (unique).
const announcedCollection = "announced"

// firstTime records key for the member with tx and tells whether it is
// new: one conditional statement, so two fan-outs at once (or one after a
// restart) give it once.
func firstTime(tx core.App, userID, key string) (bool, error) {
	res, err := tx.DB().NewQuery("INSERT INTO " + announcedCollection + " (id, user, key, created) " +
		"VALUES ({:id}, {:user}, {:key}, {:now}) ON CONFLICT (user, key) DO NOTHING").
		Bind(dbx.Params{"id": core.GenerateDefaultRandomId(), "user": userID, "key": key, "now": types.NowDateTime().String()}).Execute()
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// fanoutChunk bounds how long one fan-out holds SQLite's write lock: a
// listing posted meanwhile waits for at most one chunk.
const fanoutChunk = 16

// Fanout stores many deliveries (one new listing alerting hundreds of
// saved searches) in chunked transactions, and mails the batches that are
// due after each chunk has committed.
func Fanout(app core.App, ds []Delivery) error {
	for len(ds) > 0 {
		chunk := ds[:min(fanoutChunk, len(ds))]
		ds = ds[len(chunk):]
		type due struct {
			user string
			st   digestState
		}
		var mail []due
		err := app.RunInTransaction(func(tx core.App) error {
			mail = mail[:0]
			for _, d := range chunk {
				if d.Once != "" {
					fresh, err := firstTime(tx, d.UserID, d.Once)
					if err != nil {
						return err
					}
					if !fresh {
						continue
					}
				}
				if d.Note != nil && d.NoteOnce != "" {
					fresh, err := firstTime(tx, d.UserID, d.NoteOnce)
					if err != nil {
						return err
					}
					if !fresh {
						d.Note = nil
					}
				}
				if d.Note != nil {
					// not mailed alone: its topic's mail is this batch (BindHooks)
					n := *d.Note
					n.UserID = d.UserID
					if err := Create(tx, n); err != nil {
						return err
					}
				}
				st, err := digestIn(tx, d.UserID, d.Digest, d.Item)
				if err != nil {
					return err
				}
				if st != nil {
					mail = append(mail, due{d.UserID, *st})
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("notify: fan-out: %w", err)
		}
		for _, m := range mail {
			mailDigest(app, m.user, m.st)
		}
	}
	return nil
}

// FlushDigests mails every batch whose hour is up.
func FlushDigests(app core.App) error {
	cutoff := types.NowDateTime().Add(-digestEvery)
	var rows []*core.Record
	err := app.RecordQuery(digestCollection).
		AndWhere(dbx.NewExp("lastSentAt <= {:c} AND pending LIKE '%\"title\"%'", dbx.Params{"c": cutoff.String()})).
		Limit(500).All(&rows)
	if err != nil {
		return err
	}
	for _, r := range rows {
		var st digestState
		err := app.RunInTransaction(func(tx core.App) error {
			fresh, err := tx.FindRecordById(digestCollection, r.Id)
			if err != nil {
				return err
			}
			_ = json.Unmarshal([]byte(fresh.GetString("pending")), &st)
			if len(st.Items) == 0 {
				return nil
			}
			fresh.Set("lastSentAt", types.NowDateTime())
			fresh.Set("pending", digestState{DigestNote: st.DigestNote})
			return tx.Save(fresh)
		})
		if err != nil {
			app.Logger().Warn("notify: digest flush failed", slog.String("error", err.Error()))
			continue
		}
		if len(st.Items) > 0 {
			mailDigest(app, r.GetString("user"), st)
		}
	}
	return nil
}

func mailDigest(app core.App, userID string, st digestState) {
	subject := st.Subject
	if len(st.Items) > 1 {
		subject = fmt.Sprintf(st.SubjectN, len(st.Items))
	}
	err := deliver(app, letterTo{UserID: userID, Topic: st.Topic, Subject: subject, Heading: subject, Items: st.Items,
		Action: st.Action, ActionPath: st.ActionPath})
	if err != nil {
		app.Logger().Warn("notify: digest e-mail failed", slog.String("user", userID), slog.String("error", err.Error()))
	}
}
