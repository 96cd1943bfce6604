package mailbox

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// RetryAt runs the retry job as if the clock said now.
func RetryAt(app core.App, now time.Time) error { return retryDue(app, now) }

// AtStart is what a start does to the outbox.
var AtStart = atStart

// Backoff is the pause after the n-th failed try.
var Backoff = backoff

// Lease is how long a try that has not answered holds its mail.
const Lease = lease

// ShortTimes shortens the waits for a test (not parallel: they are the package's).
func ShortTimes(t testing.TB, codeBudget, pause, sendTimeout time.Duration) {
	oldBudget, oldPause, oldSend := CodeBudget, codePause, SendTimeout
	CodeBudget, codePause, SendTimeout = codeBudget, pause, sendTimeout
	t.Cleanup(func() { CodeBudget, codePause, SendTimeout = oldBudget, oldPause, oldSend })
}
