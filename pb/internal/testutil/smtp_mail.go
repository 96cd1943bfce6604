// Reading back what the SMTP stand-in accepted, and its test certificate.
package testutil

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ParsedMail is an accepted message read back: its headers and the text
// and HTML parts of its multipart body.
type ParsedMail struct {
	Header  mail.Header
	Subject string
	Text    string
	HTML    string
	// Types are the content types of the body and its parts, outermost first.
	Types []string
}

// Parse reads the message as a mail client would.
func (m SMTPMail) Parse() (ParsedMail, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		return ParsedMail{}, err
	}
	out := ParsedMail{Header: msg.Header}
	if out.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return out, err
	}
	return out, out.readPart(msg.Header.Get("Content-Type"), msg.Body)
}

func (p *ParsedMail) readPart(contentType string, body io.Reader) error {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("content type %q: %w", contentType, err)
	}
	p.Types = append(p.Types, media)
	if strings.HasPrefix(media, "multipart/") {
		r := multipart.NewReader(body, params["boundary"])
		for {
			part, err := r.NextPart() // quoted-printable parts come decoded
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := p.readPart(part.Header.Get("Content-Type"), part); err != nil {
				return err
			}
		}
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch media {
	case "text/plain":
		p.Text = string(raw)
	case "text/html":
		p.HTML = string(raw)
	}
	return nil
}

var (
	certOnce sync.Once
	certTLS  *tls.Config
	certPEM  []byte
	certErr  error
)

// smtpCert makes one self-signed certificate for 127.0.0.1 per test binary.
func smtpCert() (*tls.Config, []byte, error) {
	certOnce.Do(func() {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			certErr = err
			return
		}
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "stand-in SMTP"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
			IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
			KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
			ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true,
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			certErr = err
			return
		}
		certPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
		certTLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}
	})
	return certTLS, certPEM, certErr
}

// TrustSMTPCert makes this test binary trust the stand-in's certificate, as
// a real server's is trusted: it becomes the system's root store
// (SSL_CERT_FILE). PocketBase's client verifies it like any other, so this
// must run before anything in the process verifies a certificate: call it
// from TestMain. It answers a function that removes the file.
func TrustSMTPCert() (func(), error) {
	_, pemBytes, err := smtpCert()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sb_smtp_ca_*")
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(file, pemBytes, 0o600); err != nil {
		return nil, err
	}
	if err := os.Setenv("SSL_CERT_FILE", file); err != nil {
		return nil, err
	}
	return func() { _ = os.RemoveAll(dir) }, nil
}
