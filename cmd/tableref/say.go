package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
	"github.com/tableref/tableref/hw/speech"
	"github.com/tableref/tableref/rules"
)

// sayOptions are the flags of tableref say.
type sayOptions struct {
	cfgPath, lang, device, wav, card string
}

func newSay() *cobra.Command {
	var o sayOptions
	c := &cobra.Command{
		Use:   "say TEXT...",
		Short: "say TEXT aloud as the referee does (tests the speaker and the voice)",
		Long: "say speaks TEXT through espeak-ng and ALSA with the speech settings of the configuration\n" +
			"(speech.device, speech.language, speech.rate, speech.volume), whether or not speech.enabled is set.\n" +
			"--card puts a card's name first, said in the language it is printed in.",
		Example: "  tableref say \"Quito: right. Ana, plus one.\"\n" +
			"  tableref say --card Cuiabá --wav /tmp/verdict.wav \": right\"\n" +
			"  tableref say --language de --device plughw:1,0 \"Ana ist dran\"",
		Args: cli.ArgsBetween(1, -1, "the words to say"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSay(cmd.Context(), o, strings.Join(args, " "), cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringVar(&o.cfgPath, "config", "", "configuration file for the speech settings (default "+config.SystemPath+" if present)")
	f.StringVar(&o.lang, "language", "", "the referee's language: "+strings.Join(speech.Languages, ", ")+" (config key speech.language, else language)")
	f.StringVar(&o.device, "device", "", "ALSA device, as aplay -L lists them (config key speech.device)")
	f.StringVar(&o.wav, "wav", "", "write the sound to this WAV file instead of playing it")
	f.StringVar(&o.card, "card", "", "a card whose name is said first, in its own language (Medellín, SA-017)")
	return c
}

func runSay(ctx context.Context, o sayOptions, text string, stdout io.Writer) error {
	cfg, _, err := config.Find(o.cfgPath)
	if err != nil {
		return err
	}
	opt := cfg.Speech.Options()
	if opt.Language == "" { // the voice follows the players' language
		if l, err := words.Parse(cfg.Language); err == nil && l != "" {
			opt.Language = string(l)
		}
	}
	if o.lang != "" {
		opt.Language = o.lang
	}
	if o.device != "" {
		opt.Device = o.device
	}
	if err := opt.Check(); err != nil {
		return cli.Usagef("%v", err)
	}
	u := speech.Utterance{Parts: []speech.Part{{Text: text}}}
	if o.card != "" {
		ref, err := cli.CardArg(o.card)
		if err != nil {
			return err
		}
		u.Parts = append([]speech.Part{{Text: rules.CardName(ref.ID), Lang: rules.CardLang(ref.ID)}}, u.Parts...)
	}
	if o.wav == "" {
		return speech.SayOnce(ctx, opt, u)
	}
	n, err := speech.WriteWAV(ctx, opt, u, o.wav)
	if err == nil {
		fmt.Fprintf(stdout, "wrote %s (%d bytes): %s\n", o.wav, n, u.Text())
	}
	return err
}
