package main

import (
	"fmt"
	mrand "math/rand"
	"net/http"
	"strings"
	"time"

	"sponsorbridge/pb/internal/sqlwriter"
)

// listWhileWriting is the last phase: the list load while this process
// writes to data.db at rate changes a second, as another program sharing
// the file would (the server follows through its change log, and its
// index grows).
func (p *probe) listWhileWriting(db string, member http.Header, words []string, clients, rate int, phase time.Duration) error {
	rng := mrand.New(mrand.NewSource(11))
	w, err := sqlwriter.Open(db, rng, func() string { // four to eight of the listings' own words
		parts := make([]string, 4+rng.Intn(5))
		for i := range parts {
			parts[i] = words[rng.Intn(len(words))]
		}
		return strings.Join(parts, " ")
	})
	if err != nil {
		return err
	}
	defer func() { _ = w.Close() }()
	stop := make(chan struct{})
	var made int
	var werr error
	done := make(chan struct{})
	go func() { defer close(done); made, werr = w.Run(rate, stop, nil) }()
	listed := p.lists(member, words, clients, phase)
	close(stop)
	<-done
	if werr != nil {
		return werr
	}
	p.report(fmt.Sprintf("5. %d clients listing for %s while another process wrote %d listings through SQL (%d list requests)",
		clients, phase, made, listed))
	return nil
}
