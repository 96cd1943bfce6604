package testutil

import (
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"net"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"sponsorbridge/pb/internal/config"
)

// SMTPServer is a stand-in mail server on a loopback port that speaks what
// PocketBase's SMTP client does: EHLO, STARTTLS or TLS from the first byte,
// AUTH PLAIN and LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT. Faults make a
// session answer 4xx or 5xx at a stage, hang up, or stop answering.
type SMTPServer struct {
	Host string
	Port int
	opts SMTPOptions

	ln      net.Listener
	tls     *tls.Config
	closed  chan struct{}
	release chan struct{}
	once    sync.Once
	wg      sync.WaitGroup

	mu       sync.Mutex
	faults   []SMTPFault
	mails    []SMTPMail
	sessions int
	conns    map[net.Conn]bool
}

// SMTPOptions set the stand-in up like a real provider.
type SMTPOptions struct {
	// Username and Password, when set, must be given (AUTH) before MAIL.
	Username, Password string
	// StartTLS offers STARTTLS; AUTH then needs it first, as providers ask.
	StartTLS bool
	// Implicit speaks TLS from the first byte (port 465, SMTP_TLS=true).
	Implicit bool
}

// SMTPFault spoils one session at a stage: "greeting", "mail", "rcpt" or
// "data" (after the message's final dot). The server then answers Reply
// ("451 4.3.0 Try again later"), or hangs up (Drop), or stops answering
// until Release or Close (Hang), then hangs up.
type SMTPFault struct {
	Stage string
	Reply string
	Drop  bool
	Hang  bool
}

// SMTPMail is a message the stand-in accepted.
type SMTPMail struct {
	From string
	To   []string
	Data []byte
	Auth string // the AUTH mechanism used, "" without
	TLS  bool
}

// StartSMTP starts a stand-in on 127.0.0.1; it stops with the test.
func StartSMTP(t testing.TB, opts SMTPOptions) *SMTPServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tlsConf, _, err := smtpCert()
	if err != nil {
		t.Fatal(err)
	}
	if opts.Implicit {
		ln = tls.NewListener(ln, tlsConf)
	}
	addr := ln.Addr().(*net.TCPAddr)
	s := &SMTPServer{Host: "127.0.0.1", Port: addr.Port, opts: opts, ln: ln, tls: tlsConf, closed: make(chan struct{}),
		release: make(chan struct{}), conns: map[net.Conn]bool{}}
	s.wg.Add(1)
	go s.accept()
	t.Cleanup(s.Close)
	return s
}

// Configure points cfg's SMTP settings at the stand-in, as the SMTP_*
// variables would.
func (s *SMTPServer) Configure(cfg *config.Config) {
	cfg.SMTPHost, cfg.SMTPPort = s.Host, s.Port
	cfg.SMTPUsername, cfg.SMTPPassword = s.opts.Username, s.opts.Password
	cfg.SMTPTLS = s.opts.Implicit
	cfg.MailFrom = "SponsorBridge <hello@sponsorbridge.example>"
}

// Fail spoils the next sessions, one fault each, in order.
func (s *SMTPServer) Fail(faults ...SMTPFault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, faults...)
}

// Mails are the messages accepted so far.
func (s *SMTPServer) Mails() []SMTPMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SMTPMail(nil), s.mails...)
}

// Sessions counts the connections so far.
func (s *SMTPServer) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions
}

// WaitMails waits until n messages arrived and answers them.
func (s *SMTPServer) WaitMails(t testing.TB, n int) []SMTPMail {
	t.Helper()
	var got []SMTPMail
	Eventually(t, 15*time.Second, fmt.Sprintf("%d mails at the stand-in SMTP server", n), func() bool {
		got = s.Mails()
		return len(got) >= n
	})
	return got
}

// Release ends the hung sessions (they hang up).
func (s *SMTPServer) Release() { s.once.Do(func() { close(s.release) }) }

// Close stops the server, hung sessions included.
func (s *SMTPServer) Close() {
	select {
	case <-s.closed:
		return
	default:
	}
	close(s.closed)
	_ = s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		_ = c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

func (s *SMTPServer) accept() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.sessions++
		var fault SMTPFault
		if len(s.faults) > 0 {
			fault, s.faults = s.faults[0], s.faults[1:]
		}
		s.conns[conn] = true
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, conn)
				s.mu.Unlock()
				_ = conn.Close()
			}()
			s.session(conn, fault)
		}()
	}
}

// spoil applies fault at stage: true when it answered (or hung up) for it.
func (s *SMTPServer) spoil(tp *textproto.Conn, fault SMTPFault, stage string) bool {
	if fault.Stage != stage {
		return false
	}
	switch {
	case fault.Hang:
		select {
		case <-s.release:
		case <-s.closed:
		}
	case fault.Drop:
	default:
		_ = tp.PrintfLine("%s", fault.Reply)
	}
	return true
}

func (s *SMTPServer) session(conn net.Conn, fault SMTPFault) {
	tp := textproto.NewConn(conn)
	_, isTLS := conn.(*tls.Conn)
	ended := func(stage string) bool { return fault.Hang || fault.Drop || stage == "greeting" }
	if s.spoil(tp, fault, "greeting") {
		return
	}
	_ = tp.PrintfLine("220 stand-in ESMTP ready")
	var (
		auth string
		from string
		to   []string
	)
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			lines := []string{"stand-in greets " + arg, "8BITMIME"}
			if s.opts.StartTLS && !isTLS {
				lines = append(lines, "STARTTLS")
			}
			if s.opts.Username != "" && (isTLS || !s.opts.StartTLS) {
				lines = append(lines, "AUTH PLAIN LOGIN")
			}
			for i, l := range lines {
				sep := "-"
				if i == len(lines)-1 {
					sep = " "
				}
				_ = tp.PrintfLine("250%s%s", sep, l)
			}
		case "STARTTLS":
			if !s.opts.StartTLS || isTLS {
				_ = tp.PrintfLine("503 5.5.1 TLS is not on offer")
				continue
			}
			_ = tp.PrintfLine("220 2.0.0 Ready to start TLS")
			tc := tls.Server(conn, s.tls)
			if err := tc.Handshake(); err != nil {
				return
			}
			conn, isTLS, auth = tc, true, ""
			tp = textproto.NewConn(tc)
		case "AUTH":
			if s.opts.Username == "" || (s.opts.StartTLS && !isTLS) {
				_ = tp.PrintfLine("503 5.5.1 AUTH is not on offer here")
				continue
			}
			mech, ok := s.authenticate(tp, arg)
			if !ok {
				_ = tp.PrintfLine("535 5.7.8 Authentication credentials invalid")
				continue
			}
			auth = mech
			_ = tp.PrintfLine("235 2.7.0 Authentication successful")
		case "MAIL":
			if s.opts.Username != "" && auth == "" {
				_ = tp.PrintfLine("530 5.7.0 Authentication required")
				continue
			}
			if s.spoil(tp, fault, "mail") {
				if ended("mail") {
					return
				}
				continue
			}
			from, to = address(arg), nil
			_ = tp.PrintfLine("250 2.1.0 OK")
		case "RCPT":
			if s.spoil(tp, fault, "rcpt") {
				if ended("rcpt") {
					return
				}
				continue
			}
			to = append(to, address(arg))
			_ = tp.PrintfLine("250 2.1.5 OK")
		case "DATA":
			if from == "" || len(to) == 0 {
				_ = tp.PrintfLine("503 5.5.1 MAIL and RCPT first")
				continue
			}
			_ = tp.PrintfLine("354 End data with <CR><LF>.<CR><LF>")
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			if s.spoil(tp, fault, "data") {
				if ended("data") {
					return
				}
				continue
			}
			s.mu.Lock()
			s.mails = append(s.mails, SMTPMail{From: from, To: to, Data: data, Auth: auth, TLS: isTLS})
			s.mu.Unlock()
			from, to = "", nil
			_ = tp.PrintfLine("250 2.0.0 OK queued")
		case "RSET":
			from, to = "", nil
			_ = tp.PrintfLine("250 2.0.0 OK")
		case "NOOP":
			_ = tp.PrintfLine("250 2.0.0 OK")
		case "QUIT":
			_ = tp.PrintfLine("221 2.0.0 Bye")
			return
		default:
			_ = tp.PrintfLine("502 5.5.2 Command not recognised")
		}
	}
}

// authenticate runs AUTH PLAIN (initial response or not) or LOGIN.
func (s *SMTPServer) authenticate(tp *textproto.Conn, arg string) (string, bool) {
	mech, initial, _ := strings.Cut(arg, " ")
	read := func(prompt string) (string, bool) {
		_ = tp.PrintfLine("334 %s", base64.StdEncoding.EncodeToString([]byte(prompt)))
		line, err := tp.ReadLine()
		if err != nil {
			return "", false
		}
		raw, err := base64.StdEncoding.DecodeString(line)
		return string(raw), err == nil
	}
	switch strings.ToUpper(mech) {
	case "PLAIN":
		var creds string
		if initial != "" {
			raw, err := base64.StdEncoding.DecodeString(initial)
			if err != nil {
				return "", false
			}
			creds = string(raw)
		} else {
			var ok bool
			if creds, ok = read(""); !ok {
				return "", false
			}
		}
		parts := strings.Split(creds, "\x00")
		return "PLAIN", len(parts) == 3 && parts[1] == s.opts.Username && parts[2] == s.opts.Password
	case "LOGIN":
		user, ok := read("Username:")
		if !ok {
			return "", false
		}
		pass, ok := read("Password:")
		return "LOGIN", ok && user == s.opts.Username && pass == s.opts.Password
	}
	return "", false
}

func address(arg string) string {
	_, rest, _ := strings.Cut(arg, ":")
	rest = strings.TrimSpace(rest)
	if i := strings.Index(rest, ">"); strings.HasPrefix(rest, "<") && i > 0 {
		return rest[1:i]
	}
	return rest
}
