package service

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// What the package's files promise each other (issue 33): the unit keeps
// the state folder at the 0750 postinst makes it (D4: StateDirectory=
// reset it to 0755 at every start), and purge removes the decks folder
// postinst made (D7: dpkg warned it was not empty).
func TestPackageFilesAgree(t *testing.T) {
	read := func(p string) string {
		b, err := os.ReadFile("../../../../deploy/" + p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	unit, postinst, postrm := read("tableref.service"), read("debian/postinst"), read("debian/postrm")
	made := regexp.MustCompile(`install -d -o tableref -g tableref -m (0\d+) /var/lib/tableref`).FindStringSubmatch(postinst)
	if made == nil {
		t.Fatal("postinst no longer makes /var/lib/tableref: update this test")
	}
	if !strings.Contains(unit, "StateDirectoryMode="+made[1]+"\n") {
		t.Errorf("postinst makes /var/lib/tableref %s, the unit does not keep it (StateDirectoryMode=%s)", made[1], made[1])
	}
	purge := postrm[strings.Index(postrm, `if [ "$1" = purge ]`):]
	// What purge removes: every path of its rm -rf lines.
	var removed []string
	for _, m := range regexp.MustCompile(`rm -rf ([^\n]+)`).FindAllStringSubmatch(purge, -1) {
		removed = append(removed, strings.Fields(m[1])...)
	}
	for _, dir := range regexp.MustCompile(`install -d [^\n]* (/etc/tableref/\S+)`).FindAllStringSubmatch(postinst, -1) {
		gone := false
		for _, r := range removed {
			gone = gone || dir[1] == r || strings.HasPrefix(dir[1], strings.TrimSuffix(r, "/")+"/")
		}
		if !gone {
			t.Errorf("postinst makes %s, purge leaves it", dir[1])
		}
	}
}
