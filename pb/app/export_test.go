package app

import "github.com/pocketbase/pocketbase/core"

// Checkpoint is one round of the background checkpoint on a primary.
func Checkpoint(a core.App) error { return checkpoint(a, false) }
