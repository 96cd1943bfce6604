// Package logline is the server's one log format on stdout: logfmt lines
// (`time=... level=WARN msg="..." key=value`) written by slog's text
// handler. Everything the server prints while it runs goes through it:
// the copy of PocketBase's warnings and errors (pb/internal/ops), start-up
// and shutdown lines, Litestream's messages, and the standard library's
// log package (Install). `fly logs` then has one shape to read and grep.
//
// Operator commands (restore, admin grant) answer a person at a terminal
// and keep plain sentences.
package logline

import (
	"context"
	"io"
	"log/slog"
	"os"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// out is where lines go; tests swap it with SetOutput.
var out = &switchable{w: os.Stdout}

type switchable struct {
	mu sync.Mutex
	w  io.Writer
}

// Write writes one line at a time: lines from many goroutines never interleave.
func (s *switchable) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// SetOutput sends every line to w until the returned function restores
// the previous writer (tests).
func SetOutput(w io.Writer) (restore func()) {
	out.mu.Lock()
	prev := out.w
	out.w = w
	out.mu.Unlock()
	return func() {
		out.mu.Lock()
		out.w = prev
		out.mu.Unlock()
	}
}

// Handler writes records at level and above in the one format.
func Handler(level slog.Leveler) slog.Handler {
	return slog.NewTextHandler(out, &slog.HandlerOptions{Level: level})
}

// Logger is the info-level logger for lines that go to stdout only.
var Logger = slog.New(Handler(slog.LevelInfo))

// Info writes one info line.
func Info(msg string, args ...any) { Logger.Info(msg, args...) }

// Warn writes one warning line.
func Warn(msg string, args ...any) { Logger.Warn(msg, args...) }

// Error writes one error line: what stops the server or its backups, so
// that an alert on level=ERROR sees it.
func Error(msg string, args ...any) { Logger.Error(msg, args...) }

// Install routes the standard library's log package (PocketBase prints
// "Failed to write log ..." with it, main's log.Fatal) through the one
// format, at info level as slog does for it.
func Install() {
	slog.SetDefault(Logger)
}

// announced holds the messages already written on stdout by Announce.
var announced sync.Map

// Announce writes a start-up warning or error on stdout at once, once a
// process (tests start many apps), and into the app's log (the
// dashboard), whose copy to stdout a few seconds later (pb/internal/ops)
// is then skipped: said once, at once.
func Announce(app core.App, level slog.Level, msg string, args ...any) {
	if _, seen := announced.LoadOrStore(msg, true); !seen {
		Logger.Log(context.Background(), level, msg, args...)
	}
	app.Logger().Log(context.Background(), level, msg, args...)
}

// AlreadyPrinted tells whether Announce wrote msg on stdout.
func AlreadyPrinted(msg string) bool {
	_, ok := announced.Load(msg)
	return ok
}
