// Command sponsorbridge is the SponsorBridge server: PocketBase used as a Go
// framework, with the app's routes, hooks and migrations, serving the built
// web app from pb_public.
package main

import (
	"log"
	"os"

	"github.com/pocketbase/pocketbase"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/backup"
	"sponsorbridge/pb/internal/buildinfo"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
	_ "sponsorbridge/pb_migrations"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		refuse(err)
	}

	pb := pocketbase.NewWithConfig(pocketbase.Config{
		// Secrets in the stored settings (SMTP password...) are encrypted with
		// the key in this variable (the --encryptionEnv flag still overrides it).
		DefaultEncryptionEnv: config.EncryptionEnv,
		DataMaxOpenConns:     config.DBConns,
		DataMaxIdleConns:     config.DBConns,
		DBConnect:            app.DBConnect,
		HideStartBanner:      true, // one start line in the one log format (pb/internal/ops)
	})

	pb.RootCmd.Version = buildinfo.Version() // sponsorbridge --version

	var publicDir string
	pb.RootCmd.PersistentFlags().StringVar(&publicDir, "publicDir", "./pb_public", "the directory with the built web app")
	_ = pb.RootCmd.ParseFlags(os.Args[1:])

	// restore runs before pb.Start, which would create an empty database first
	if ran, err := backup.RunRestoreCommand(pb, cfg, os.Args[1:]); ran {
		if err != nil {
			log.Fatal(err)
		}
		return
	}

	app.Register(pb, cfg, app.Options{PublicDir: publicDir})
	app.RegisterCommands(pb, cfg)

	if err := pb.Start(); err != nil {
		refuse(err)
	}
}

// refuse ends a start that cannot go on (a bad setting, a backup refusal:
// "NOT STARTING: ...") with one line at ERROR in the one log format, exit 1.
func refuse(err error) {
	logline.Error(err.Error())
	os.Exit(1)
}
