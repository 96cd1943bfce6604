package app

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

// migrationsDir is where `sponsorbridge migrate create NAME` writes.
const migrationsDir = "pb_migrations"

// fixMigrationPackage wraps PocketBase's migrate command: its Go template
// names the package after the folder ("package pb_migrations"), while the
// folder's package is "migrations", so a created file would break the
// build. Files the command adds get the right package clause.
func fixMigrationPackage(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Name() != "migrate" || c.RunE == nil {
			continue
		}
		run := c.RunE
		c.RunE = func(cmd *cobra.Command, args []string) error {
			before := goFiles(migrationsDir)
			if err := run(cmd, args); err != nil {
				return err
			}
			for name := range goFiles(migrationsDir) {
				if before[name] {
					continue
				}
				if err := setPackage(filepath.Join(migrationsDir, name)); err != nil {
					return err
				}
			}
			return nil
		}
	}
}

func goFiles(dir string) map[string]bool {
	names := map[string]bool{}
	matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, m := range matches {
		names[filepath.Base(m)] = true
	}
	return names
}

func setPackage(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	wrong := []byte("package " + filepath.Base(migrationsDir) + "\n")
	if !bytes.HasPrefix(src, wrong) {
		return nil
	}
	fixed := append([]byte("package migrations\n"), src[len(wrong):]...)
	return os.WriteFile(path, fixed, 0o644)
}
