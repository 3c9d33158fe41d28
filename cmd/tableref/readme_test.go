package main

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
)

var update = flag.Bool("update", false, "rewrite README.md's command table from the command tree")

// The markers around README.md's command table.
const (
	tableStart = "<!-- the command table is made from the command tree: go test ./cmd/tableref -run TestREADMECommands -update -->\n"
	tableEnd   = "<!-- end of the command table -->\n"
)

// commandTable is README.md's table of commands, one row per command
// below tableref: its usage (a group shows its subcommands) and its
// one-line summary, as the help shows them.
func commandTable(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString("| command | what it does |\n| --- | --- |\n")
	for _, c := range root.Commands() {
		if !c.IsAvailableCommand() || c.Name() == "help" {
			continue
		}
		use := c.Use
		if c.HasAvailableSubCommands() && c.Name() != "completion" {
			subs := strings.Join(cli.SubcommandNames(c), "|")
			if c.Annotations[cli.GroupAnnotation] != "" {
				use = c.Name() + " " + subs // a group: only its subcommands run
			} else {
				use = c.Name() + " [" + subs + "]"
			}
		} else if c.Name() == "completion" {
			use = "completion bash|zsh|fish|powershell"
		}
		use = strings.ReplaceAll(use, "|", `\|`)
		b.WriteString("| `tableref " + use + "` | " + strings.ReplaceAll(c.Short, "|", `\|`) + " |\n")
	}
	return b.String()
}

// README.md's command table is the command tree's: a command added,
// renamed or described anew changes the README with it.
func TestREADMECommands(t *testing.T) {
	const path = "../../README.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i, j := strings.Index(readme, tableStart), strings.Index(readme, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no command table between %q and %q", tableStart, tableEnd)
	}
	got, want := readme[i+len(tableStart):j], commandTable(newRoot())
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(readme[:i+len(tableStart)]+want+readme[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's command table differs from the command tree; run go test ./cmd/tableref -run TestREADMECommands -update\nREADME:\n%s\ntree:\n%s", got, want)
}
