package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// tableref gen-docs writes the man pages and the shell completion scripts
// made from the command tree, for the Raspberry Pi package
// (scripts/build-deb) and scripts/install-pi. Hidden: it is for packaging.
func newGenDocs() *cobra.Command {
	var manDir, compDir string
	c := &cobra.Command{
		Use:    "gen-docs --man DIR --completions DIR",
		Short:  "write the man pages and the bash, zsh and fish completion scripts (for packaging)",
		Hidden: true,
		Args:   cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if manDir == "" && compDir == "" {
				return cli.Usagef("want --man DIR, --completions DIR or both")
			}
			root := cmd.Root()
			if manDir != "" {
				if err := writeManPages(root, manDir); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "man pages in %s\n", manDir)
			}
			if compDir != "" {
				if err := writeCompletions(root, compDir); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "completions in %s\n", compDir)
			}
			return nil
		},
	}
	c.Flags().StringVar(&manDir, "man", "", "folder for the man pages (section 1: tableref.1, tableref-run.1, …)")
	c.Flags().StringVar(&compDir, "completions", "", "folder under which the completions go as a package installs them: "+
		"bash-completion/completions/tableref, zsh/vendor-completions/_tableref, fish/vendor_completions.d/tableref.fish")
	return c
}

// writeManPages writes one page per command. The date is
// $SOURCE_DATE_EPOCH's (reproducible packages), else today.
func writeManPages(root *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	date := time.Now()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
		}
		date = time.Unix(sec, 0).UTC()
	}
	root.DisableAutoGenTag = true
	return doc.GenManTree(root, &doc.GenManHeader{
		Title: "TABLEREF", Section: "1", Date: &date,
		Source: "tableref " + version, Manual: "tableref manual",
	}, dir)
}

// writeCompletions writes the bash, zsh and fish scripts where Debian's
// packages put theirs, under dir (usually /usr/share).
func writeCompletions(root *cobra.Command, dir string) error {
	for _, c := range []struct {
		path string
		gen  func(*cobra.Command, string) error
	}{
		{"bash-completion/completions/tableref", func(r *cobra.Command, p string) error { return r.GenBashCompletionFileV2(p, true) }},
		{"zsh/vendor-completions/_tableref", func(r *cobra.Command, p string) error { return r.GenZshCompletionFile(p) }},
		{"fish/vendor_completions.d/tableref.fish", func(r *cobra.Command, p string) error { return r.GenFishCompletionFile(p, true) }},
	} {
		p := filepath.Join(dir, c.path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := c.gen(root, p); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return nil
}
