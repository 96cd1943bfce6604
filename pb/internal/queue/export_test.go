package queue

import "log/slog"

// NewBounded is New with lanes that hold at most maxWaiting waiting jobs each.
func NewBounded(log *slog.Logger, maxWaiting int) *Queue {
	return newQueue(log, maxWaiting, maxWaiting)
}
