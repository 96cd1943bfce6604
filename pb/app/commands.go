package app

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/spf13/cobra"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/config"
)

// RegisterCommands adds the operator's commands to PocketBase's own
// (serve, superuser, migrate).
func RegisterCommands(pb *pocketbase.PocketBase, cfg *config.Config) {
	migratecmd.MustRegister(pb, pb.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangGo,
		Dir:          migrationsDir,
		Automigrate:  false, // schema changes are written as reviewed migrations
	})
	fixMigrationPackage(pb.RootCmd)

	adminCmd := &cobra.Command{
		Use:   "admin",
		Short: "Grant or revoke a member's administrator rights",
	}
	for _, grant := range []bool{true, false} {
		use, short := "grant USERNAME", "Make a member an administrator"
		if !grant {
			use, short = "revoke USERNAME", "Remove a member's administrator rights"
		}
		adminCmd.AddCommand(&cobra.Command{
			Use:   use,
			Short: short,
			Args:  cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return setAdmin(pb, args[0], grant)
			},
		})
	}
	pb.RootCmd.AddCommand(adminCmd)
}

func setAdmin(pb *pocketbase.PocketBase, username string, grant bool) error {
	if err := pb.Bootstrap(); err != nil {
		return err
	}
	if err := pb.RunAllMigrations(); err != nil {
		return err
	}
	member, err := accounts.FindByUsername(pb, username)
	if err != nil {
		return errors.New("no member with that username")
	}
	member.Set("isAdmin", grant)
	if err := pb.Save(member); err != nil {
		return err
	}
	verb := "is now an administrator"
	if !grant {
		verb = "is no longer an administrator"
	}
	fmt.Printf("%s %s\n", member.GetString("username"), verb)
	return nil
}
