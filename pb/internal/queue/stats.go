package queue

import "time"

// WaitBuckets are the upper bounds, in seconds, of the wait-time histogram:
// from an idle queue (a job starts within a millisecond) to a backlog of
// minutes.
var WaitBuckets = []float64{0.001, 0.01, 0.1, 0.5, 1, 5, 30, 120, 600}

// KindStats are one kind's counts since the queue was made.
type KindStats struct {
	Waiting, Running             int    // now
	Done, Failed                 uint64 // jobs run, by outcome
	RefusedFull, RefusedStopping uint64 // jobs Go refused, by reason
	WaitCount                    uint64 // jobs started
	WaitSum                      float64
	WaitBucketCounts             []uint64 // per WaitBuckets, cumulative as Prometheus wants
}

func (s *KindStats) waited(d time.Duration) {
	if s.WaitBucketCounts == nil {
		s.WaitBucketCounts = make([]uint64, len(WaitBuckets))
	}
	sec := d.Seconds()
	s.WaitCount++
	s.WaitSum += sec
	for i, le := range WaitBuckets {
		if sec <= le {
			s.WaitBucketCounts[i]++
		}
	}
}

// Stats answers every kind's counts (a copy).
func (q *Queue) Stats() map[Kind]KindStats {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make(map[Kind]KindStats, len(q.stats))
	for k, s := range q.stats {
		c := *s
		c.WaitBucketCounts = make([]uint64, len(WaitBuckets))
		copy(c.WaitBucketCounts, s.WaitBucketCounts)
		out[k] = c
	}
	return out
}
