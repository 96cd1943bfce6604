package notify

import "sync"

// Jobs runs notification work off the request path and lets the app wait
// for it when it stops: a job never touches an app that has shut down
// (its database closed, its data folder removed).
type Jobs struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// Go runs fn in the background unless the jobs are closed; it tells
// whether fn will run.
func (j *Jobs) Go(fn func()) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return false
	}
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		fn()
	}()
	return true
}

// Wait blocks until the jobs started so far are done.
func (j *Jobs) Wait() { j.wg.Wait() }

// Close refuses new jobs and waits for the running ones.
func (j *Jobs) Close() {
	j.mu.Lock()
	j.closed = true
	j.mu.Unlock()
	j.wg.Wait()
}
