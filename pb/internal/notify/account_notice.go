package notify

import (
	"html"
	"net/mail"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/when"
)

// Account notices tell a member that their sign-in details changed, so a
// change they did not make does not go unnoticed. They are not a topic
// (nobody can switch them off) and go only to a proven address.

// EmailChanged tells the account's previous address that the account now
// has another one. oldAddress gets it only if it was proven.
func EmailChanged(app core.App, member *core.Record, oldAddress string, oldProven bool, at time.Time) {
	if oldAddress == "" || !oldProven || strings.EqualFold(oldAddress, member.Email()) {
		return
	}
	notice(app, member, oldAddress, "Your SponsorBridge e-mail address was changed",
		"The e-mail address of your SponsorBridge account "+member.GetString("username")+" was changed on "+
			when.DateTime(at)+" from this address to "+MaskAddress(member.Email())+". Mail from SponsorBridge now goes there.")
}

// PasswordChanged tells the account's proven address that its password changed.
func PasswordChanged(app core.App, member *core.Record, at time.Time) {
	if member.Email() == "" || !member.Verified() {
		return
	}
	notice(app, member, member.Email(), "Your SponsorBridge password was changed",
		"The password of your SponsorBridge account "+member.GetString("username")+" was changed on "+
			when.DateTime(at)+". Every other device signed in to it was signed out.")
}

// MaskAddress shows enough of an address to recognise it: "n…@example.com".
func MaskAddress(address string) string {
	local, domain, ok := strings.Cut(address, "@")
	if !ok || local == "" {
		return "another address"
	}
	return string([]rune(local)[:1]) + "…@" + domain
}

// notice mails one account notice in the background (mailbox.Send: the
// request does not wait for the mail server; a stopping app keeps it in
// the outbox for the next start).
func notice(app core.App, member *core.Record, to, subject, what string) {
	name := member.GetString("displayName")
	contact := publicurl.Link(app, "/contact")
	advice := "If you made this change, there is nothing to do. If you did not, someone else may be using your account: " +
		"write to us at " + contact + " and we will help you get it back."
	meta := app.Settings().Meta
	mailbox.Send(app, &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Name: name, Address: to}},
		Subject: subject,
		Text:    "Hello " + name + ",\n\n" + what + "\n\n" + advice + "\n",
		HTML: "<p>Hello " + html.EscapeString(name) + ",</p><p>" + html.EscapeString(what) + "</p><p>" +
			html.EscapeString(advice) + "</p>",
	})
}
