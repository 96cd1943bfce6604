package mailbox_test

import (
	"fmt"
	"os"
	"testing"

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
