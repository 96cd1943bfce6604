package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Answer times: how long a member usually takes to answer, for the
// reliability panel. Each answer (a message after the other side's, a
// decision on an application) leaves a sample in answer_times; a member
// keeps their last 50 and users.answerMedianSeconds is the median of them,
// written with each sample (pb/internal/accounts/answers.go). No API rules:
// only the median is shown. The answers of before are counted here: the
// decided applications and the messages that followed the other side's.
// (The median statement is accounts.MedianSQL, copied: migrations stay
// independent of the app's packages.)
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		times := core.NewBaseCollection("answer_times")
		times.Fields.Add(
			&core.RelationField{Name: "member", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.NumberField{Name: "seconds", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		times.AddIndex("idx_answer_times_member", false, "member", "")
		if err := app.Save(times); err != nil {
			return err
		}
		users.Fields.Add(
			&core.NumberField{Name: "answerMedianSeconds", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "answerCount", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		if err := app.Save(users); err != nil {
			return err
		}
		const month = 30 * 24 * 3600
		for _, q := range []string{
			`INSERT INTO answer_times (id, member, seconds, created)
			 SELECT lower(substr(hex(randomblob(8)), 1, 15)), poster,
				MIN(MAX(CAST(ROUND((julianday(decidedAt) - julianday(created)) * 86400) AS INTEGER), 0), {:month}), decidedAt
			 FROM applications WHERE decidedAt != '' AND poster != ''`,
			`INSERT INTO answer_times (id, member, seconds, created)
			 SELECT lower(substr(hex(randomblob(8)), 1, 15)), sender,
				MIN(MAX(CAST(ROUND((julianday(created) - julianday(prevAt)) * 86400) AS INTEGER), 0), {:month}), created
			 FROM (SELECT sender, kind, created,
				LAG(sender) OVER (PARTITION BY conversation ORDER BY created, rowid) AS prevSender,
				LAG(created) OVER (PARTITION BY conversation ORDER BY created, rowid) AS prevAt
				FROM messages)
			 WHERE kind = 'text' AND sender != '' AND prevSender IS NOT NULL AND prevSender != sender`,
			`DELETE FROM answer_times WHERE rowid IN (SELECT rowid FROM (SELECT rowid,
				ROW_NUMBER() OVER (PARTITION BY member ORDER BY created DESC, rowid DESC) AS n FROM answer_times) WHERE n > 50)`,
			`UPDATE users SET
				answerCount = (SELECT COUNT(*) FROM answer_times WHERE member = users.id),
				answerMedianSeconds = COALESCE((SELECT CAST(AVG(a.seconds) AS INTEGER) FROM answer_times a
					WHERE a.member = users.id AND (SELECT COUNT(*) FROM answer_times b WHERE b.member = a.member
						AND (b.seconds < a.seconds OR (b.seconds = a.seconds AND b.rowid < a.rowid)))
					IN (((SELECT COUNT(*) FROM answer_times WHERE member = users.id) - 1) / 2,
						(SELECT COUNT(*) FROM answer_times WHERE member = users.id) / 2)), 0)
			 WHERE id IN (SELECT member FROM answer_times)`,
		} {
			if _, err := app.DB().NewQuery(q).Bind(map[string]any{"month": month}).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("answerMedianSeconds")
		users.Fields.RemoveByName("answerCount")
		if err := app.Save(users); err != nil {
			return err
		}
		c, err := app.FindCollectionByNameOrId("answer_times")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}
