package mailbox_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// The stand-in SMTP server's certificate is trusted like a real server's
// (before anything in the process verifies one): PocketBase's client checks
// it on STARTTLS and on TLS from the first byte.
func TestMain(m *testing.M) {
	cleanup, err := testutil.TrustSMTPCert()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// shortTimes shortens the mailbox's waits for a test (not parallel: they are
// the package's). The hooks are exported variables, not export_test.go's: a
// file of package mailbox among the tests would make every test binary that
// imports the mailbox compile its importers again (docs/measurements.md).
func shortTimes(t testing.TB, codeBudget, pause, sendTimeout time.Duration) {
	oldBudget, oldPause, oldSend := mailbox.CodeBudget, mailbox.CodePause, mailbox.SendTimeout
	mailbox.CodeBudget, mailbox.CodePause, mailbox.SendTimeout = codeBudget, pause, sendTimeout
	t.Cleanup(func() { mailbox.CodeBudget, mailbox.CodePause, mailbox.SendTimeout = oldBudget, oldPause, oldSend })
}
