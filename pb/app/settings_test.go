package app_test

import (
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A start writes the settings that come from the environment. A restart
// with the same environment writes nothing; one with another environment
// saves what changed, secrets included.
func TestAStartSavesTheSettingsOnlyWhenTheyChange(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.SMTPHost, cfg.SMTPPort, cfg.SMTPPassword = "smtp.example.com", 465, "first-password"
	first := apptest.NewApp(t, cfg)
	defer first.Cleanup()
	testutil.Handler(t, first)
	if err := first.ReloadSettings(); err != nil { // what is stored, not what is live
		t.Fatal(err)
	}
	if s := first.Settings(); s.SMTP.Host != "smtp.example.com" || s.SMTP.Password != "first-password" {
		t.Fatalf("stored after the first start: %s, password %q", s.SMTP.Host, s.SMTP.Password)
	}

	same := apptest.NewAppFromDir(t, first.DataDir(), cfg)
	defer same.Cleanup()
	same.ResetEventCalls()
	testutil.Handler(t, same)
	if n := same.EventCalls["OnSettingsReload"]; n != 0 {
		t.Errorf("a start with the same environment saved the settings (%d reloads)", n)
	}

	again := testutil.Config()
	again.SMTPHost, again.SMTPPort, again.SMTPPassword = "smtp.example.com", 465, "second-password"
	second := apptest.NewAppFromDir(t, first.DataDir(), again)
	defer second.Cleanup()
	testutil.Handler(t, second)
	if err := second.ReloadSettings(); err != nil {
		t.Fatal(err)
	}
	if got := second.Settings().SMTP.Password; got != "second-password" {
		t.Errorf("a changed SMTP_PASSWORD was not stored: %q", got)
	}
}
