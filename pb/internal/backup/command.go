package backup

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"

	"sponsorbridge/pb/internal/config"
)

// serving tells whether this process was started to serve.
var serving atomic.Bool

// RestoreCommand is `sponsorbridge restore --dir DIR [--timestamp RFC3339]`.
// It uses PocketBase's own --dir flag, so it names the same directory as serve.
func RestoreCommand(cfg *config.Config) *cobra.Command {
	var timestamp string
	var nextStart bool
	cmd := &cobra.Command{
		Use:   "restore",
		Short: "Restore the databases from the backup replica (LITESTREAM_REPLICA_URL) into an empty data directory",
		Long: "Restores data.db and auxiliary.db from the Litestream replica named by LITESTREAM_REPLICA_URL into the\n" +
			"data directory (--dir), which must be empty or missing. Without --timestamp: the latest backup;\n" +
			"with --timestamp 2026-11-25T10:00:00Z: the state at that moment (within LITESTREAM_RETENTION).\n" +
			"With --at-next-start the directory may be the live one: the restore goes into DIR/" + PendingDir + " and the\n" +
			"next start of the server swaps it in, moving the current databases aside.",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// --dir is required, never PocketBase's default (pb_data beside
			// the binary, or in the current directory under `go run`): a
			// restore run from a checkout must not write into it by surprise.
			dirFlag := cmd.Flags().Lookup("dir")
			if dirFlag == nil || !dirFlag.Changed || dirFlag.Value.String() == "" {
				return fmt.Errorf("restore: name the directory to restore into with --dir (an empty or new one; on Fly the served one is /pb/pb_data, with --at-next-start)")
			}
			dir := dirFlag.Value.String()
			var err error
			var at time.Time
			if timestamp != "" {
				if at, err = time.Parse(time.RFC3339, timestamp); err != nil {
					return fmt.Errorf("restore: --timestamp must be RFC 3339, such as 2026-11-25T10:00:00Z")
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			start := time.Now()
			say := func(msg string) { fmt.Println(msg) }
			if nextStart {
				if err := RestorePending(ctx, cfg.Backup, dir, at, say); err != nil {
					return fmt.Errorf("restore: %w", err)
				}
				fmt.Printf("Restored into %s in %s. The next start of the server with --dir %s swaps it in (the current databases move to %s/replaced-<time>/).\n",
					filepath.Join(dir, PendingDir), time.Since(start).Round(time.Millisecond), dir, dir)
				return nil
			}
			if err := Restore(ctx, cfg.Backup, dir, at, say); err != nil {
				return fmt.Errorf("restore: %w", err)
			}
			fmt.Printf("Restore into %s done in %s. Start the server with --dir %s.\n", dir, time.Since(start).Round(time.Millisecond), dir)
			return nil
		},
	}
	cmd.Flags().StringVar(&timestamp, "timestamp", "", "restore the state at this moment (RFC 3339) instead of the latest")
	cmd.Flags().BoolVar(&nextStart, "at-next-start", false, "restore beside the live databases (into DIR/"+PendingDir+"), for the next start of the server to swap in")
	return cmd
}

// RunRestoreCommand adds the restore command to pb's commands and, when it
// is the one invoked, runs it and reports true. It must run before pb.Start:
// Start opens the databases first, which creates an empty data.db in the
// directory to restore into. It also notes whether the command is serve:
// only the server swaps in a pending restore (a command run beside a live
// server must not move its databases away).
func RunRestoreCommand(pb *pocketbase.PocketBase, cfg *config.Config, args []string) (bool, error) {
	restore := RestoreCommand(cfg)
	pb.RootCmd.AddCommand(restore)
	// PocketBase adds its serve command in Start: probe for it with a stand-in.
	probe := &cobra.Command{Use: "serve"}
	pb.RootCmd.AddCommand(probe)
	found, _, err := pb.RootCmd.Find(args)
	pb.RootCmd.RemoveCommand(probe)
	if err != nil || found != restore {
		serving.Store(err == nil && found == probe)
		return false, nil
	}
	pb.RootCmd.SetArgs(args)
	return true, pb.RootCmd.Execute()
}
