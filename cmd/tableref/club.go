package main

import (
	"github.com/spf13/cobra"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/cmd/tableref/internal/club"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
)

func newClub() *cobra.Command {
	var o club.Options
	var since string
	c := &cobra.Command{
		Use:   "club",
		Short: "one page for every table of a club: each table live, silent tables, tonight's leaderboard (MQTT)",
		Long: "Follows every table of the club on the MQTT broker (tables publish with the club section of\n" +
			"their configuration) and serves a page for a TV or a laptop. See docs/club.md.",
		Example: "  tableref club --broker mqtt://127.0.0.1:1883 --club thursday --listen 127.0.0.1:8090",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			t, err := history.ParseTime("--since", since)
			if err != nil {
				return cli.Usagef("%v", err)
			}
			o.Since = t
			return club.Serve(cmd.Context(), o, cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&o.Broker.URL, "broker", "mqtt://127.0.0.1:1883", "the club's MQTT broker (mqtts://HOST:8883 for TLS)")
	c.Flags().StringVar(&o.Club, "club", "", "the club's name, as in the tables' club.name")
	c.Flags().StringVar(&o.Listen, "listen", "127.0.0.1:8090", "the page's address (0.0.0.0:8090 for the network)")
	c.Flags().StringVar(&since, "since", "", "the evening's start, a date or an RFC 3339 time (default: today's midnight)")
	c.Flags().StringVar(&o.Broker.Username, "username", "", "the broker's user")
	c.Flags().StringVar(&o.Broker.Password, "password", "", "the broker's password")
	c.Flags().StringVar(&o.Broker.CAFile, "ca-file", "", "the broker's certificate authority (PEM), for mqtts")
	_ = c.MarkFlagRequired("club")
	return c
}
