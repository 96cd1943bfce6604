package search

import (
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Config is what an Engine is made from (New checks it).
type Config struct {
	// Source holds the listings and the feed of their changes (required).
	Source Source
	// Tables are the tables of listings the engine indexes (at least one,
	// each name once). Search, Facets and Percolator name one of them.
	Tables []Table
	// Categories are the names a listing's and a filter's categories are
	// compared with, case-insensitively (strings.EqualFold), each name once.
	// Any number: each costs the index one bit per rowid per table (125 kB
	// per million rowids) and a filter naming a category not listed here
	// matches nothing.
	Categories []string
	// Industries are the names a listing may be closed to
	// (Listing.ClosedTo, Filter.Industry), compared exactly, each name
	// once, at most MaxIndustries. Each one a listing is closed to costs
	// its table one bit per rowid (allocated when the first listing is
	// closed to it).
	Industries []string
	// Now is the clock deciding whether an event date has passed; nil is
	// time.Now.
	Now func() time.Time
	// Logger receives the load's outcome and the change feed's troubles;
	// nil is slog.Default().
	Logger *slog.Logger
	// Tuning holds the engine's limits and cost trade-offs; nil is
	// DefaultTuning().
	Tuning *Tuning
}

// Table describes one table of listings.
type Table struct {
	Name string
	// Dated: the table's listings may have an event date, after whose day
	// an open listing counts as closed (see EventPassed). An undated
	// table's event dates are ignored and cost nothing.
	Dated bool
}

// MaxIndustries bounds Config.Industries: a listing's industries are a
// 64-bit mask.
const MaxIndustries = 64

// ErrConfig wraps every reason New refuses a Config.
var ErrConfig = errors.New("search: invalid configuration")

func (c *Config) check() error {
	if c.Source == nil {
		return fmt.Errorf("%w: no Source", ErrConfig)
	}
	if len(c.Tables) == 0 {
		return fmt.Errorf("%w: no Tables", ErrConfig)
	}
	seen := map[string]bool{}
	for _, t := range c.Tables {
		if t.Name == "" || seen[t.Name] {
			return fmt.Errorf("%w: table name %q empty or given twice", ErrConfig, t.Name)
		}
		seen[t.Name] = true
	}
	if len(c.Industries) > MaxIndustries {
		return fmt.Errorf("%w: %d industries, at most %d", ErrConfig, len(c.Industries), MaxIndustries)
	}
	seenIndustry := map[string]bool{}
	for _, name := range c.Industries {
		if name == "" || seenIndustry[name] {
			return fmt.Errorf("%w: industry %q empty or given twice", ErrConfig, name)
		}
		seenIndustry[name] = true
	}
	if c.Tuning != nil {
		return c.Tuning.check()
	}
	return nil
}
