package mailbox

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// Message is one mail as stored in the development mailbox.
type Message struct {
	ID      string   `json:"id"`
	SentAt  string   `json:"sentAt"`
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html"`
	// Headers are the extra ones (List-Unsubscribe...).
	Headers map[string]string `json:"headers,omitempty"`
}

// fileMailer keeps each message as <dir>/<UTC time>-<random>.json: names sort
// by sending time, so the newest file is the last one in name order.
type fileMailer struct{ app core.App }

func (m *fileMailer) Send(msg *mailer.Message) error {
	now := time.Now().UTC()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	out := Message{
		ID:      now.Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(suffix),
		SentAt:  now.Format(time.RFC3339Nano),
		From:    msg.From.String(),
		Subject: msg.Subject,
		Text:    msg.Text,
		HTML:    msg.HTML,
		Headers: msg.Headers,
	}
	for _, to := range msg.To {
		out.To = append(out.To, to.Address)
	}
	raw, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	dir := Dir(m.app)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	// write then rename, so a reader never sees half a message
	final := filepath.Join(dir, out.ID+".json")
	tmp := final + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o600); err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	m.app.Logger().Info("Mail kept in the development mailbox (SMTP is off)",
		"file", final, "to", out.To, "subject", out.Subject, "text", out.Text)
	return nil
}
