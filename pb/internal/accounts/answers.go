package accounts

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// How a member's time to answer is kept (docs/api/deals.md, "Reliability"):
// each answer (a message after the other side's, a decision on an
// application) leaves one sample, the member keeps their last AnswerSamples,
// and the median of those is written on the member with the sample that
// changed it. A write costs at most AnswerSamples rows read; a profile read
// costs nothing more.
const (
	AnswerSamples = 50
	// MaxAnswerWait caps one sample: a reply after months says the member
	// was away, not how long they usually take.
	MaxAnswerWait = 30 * 24 * time.Hour
)

// RecordAnswer counts an answer member gave after waited, in the caller's
// transaction: the sample, the member's oldest beyond AnswerSamples gone,
// and the median of the rest on the member (answerMedianSeconds,
// answerCount).
func RecordAnswer(tx core.App, member string, waited time.Duration) error {
	if member == "" || waited < 0 {
		return nil
	}
	waited = min(waited, MaxAnswerWait)
	if _, err := tx.DB().Insert("answer_times", dbx.Params{"id": core.GenerateDefaultRandomId(), "member": member,
		"seconds": int(waited.Seconds()), "created": nowStamp()}).Execute(); err != nil {
		return err
	}
	if _, err := tx.DB().NewQuery(`DELETE FROM answer_times WHERE member = {:m} AND rowid NOT IN
		(SELECT rowid FROM answer_times WHERE member = {:m} ORDER BY rowid DESC LIMIT {:n})`).
		Bind(dbx.Params{"m": member, "n": AnswerSamples}).Execute(); err != nil {
		return err
	}
	return writeMedian(tx, member)
}

// MedianSQL sets the answer count and median of the users matched by its
// WHERE clause from their kept samples ({:m} names the member): the middle
// sample, or the mean of the middle two for an even count (a sample's place
// is how many come before it, ties by age: at most 50 × 50 comparisons);
// 0 without any.
// The migration that counts the answers of before runs it too.
const MedianSQL = `UPDATE users SET
	answerCount = (SELECT COUNT(*) FROM answer_times WHERE member = users.id),
	answerMedianSeconds = COALESCE((SELECT CAST(AVG(a.seconds) AS INTEGER) FROM answer_times a
		WHERE a.member = users.id AND (SELECT COUNT(*) FROM answer_times b WHERE b.member = a.member
			AND (b.seconds < a.seconds OR (b.seconds = a.seconds AND b.rowid < a.rowid)))
		IN (((SELECT COUNT(*) FROM answer_times WHERE member = users.id) - 1) / 2,
			(SELECT COUNT(*) FROM answer_times WHERE member = users.id) / 2)), 0)`

func writeMedian(tx core.App, member string) error {
	_, err := tx.DB().NewQuery(MedianSQL + ` WHERE id = {:m}`).Bind(dbx.Params{"m": member}).Execute()
	return err
}

func nowStamp() string { return when.Stored(time.Now()) }
