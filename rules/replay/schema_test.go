package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Every replay in the repository, and every example line in
// docs/replay.md, must match the published schema, so the schema and the
// reader never drift apart.
func TestReplaysMatchSchema(t *testing.T) {
	const schemaPath = "../../docs/replay.schema.json"
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(schemaPath)
	if err != nil {
		t.Fatalf("compiling %s: %v", schemaPath, err)
	}
	var files []string
	for _, root := range []string{"../../rules", "../../cmd"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
				files = append(files, p)
			}
			return nil
		})
	}
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checked += checkLines(t, sch, f, b)
	}
	doc, err := os.ReadFile("../../docs/replay.md")
	if err != nil {
		t.Fatal(err)
	}
	var examples []byte
	for _, l := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(l, `{"kind":"`) {
			examples = append(examples, l+"\n"...)
		}
	}
	if n := checkLines(t, sch, "docs/replay.md", examples); n < 5 {
		t.Errorf("found %d example lines in docs/replay.md, want at least 5", n)
	}
	t.Logf("%d replay files, %d lines checked", len(files), checked)
}

func checkLines(t *testing.T, sch *jsonschema.Schema, name string, b []byte) int {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 16<<20)
	n := 0
	for i := 1; sc.Scan(); i++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
		if err != nil {
			t.Errorf("%s:%d: %v", name, i, err)
			continue
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s:%d: does not match the schema: %v", name, i, err)
		}
		n++
	}
	return n
}

// The schema must reject what the reader rejects, or it documents nothing.
func TestSchemaRejectsBadLines(t *testing.T) {
	sch, err := jsonschema.NewCompiler().Compile("../../docs/replay.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		`{"kind":"snapshot","table":{}}`,
		`{"kind":"snapshot","t":1,"table":{},"colour":"red"}`,
		`{"kind":"input","t":1}`,
		`{"kind":"header","format":2,"mode":"x","players":["a"]}`,
		`{"kind":"snapshot","t":1,"table":{"map":{"rows":["RXB"]}}}`,
	} {
		var v any
		if err := json.Unmarshal([]byte(bad), &v); err != nil {
			t.Fatal(err)
		}
		if sch.Validate(v) == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
}
