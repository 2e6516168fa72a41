package frontmatter

import (
	"errors"
	"strings"
	"testing"
)

// fuzzMeta has the shapes the course's front matter uses: scalars, a list
// of strings, a list of maps and a map.
type fuzzMeta struct {
	Slug   string            `yaml:"slug"`
	Order  float64           `yaml:"order"`
	List   []string          `yaml:"objectives"`
	Checks []map[string]any  `yaml:"checks"`
	Titles map[string]string `yaml:"title"`
	Any    any               `yaml:"solution"`
}

// FuzzDecode: whatever an author saves, Decode answers an *Error naming
// the file, never panics.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"slug: a\norder: 1\nobjectives:\n  - one\n  - two\n",
		"objectives:\n  - !foo\n",
		"objectives: !foo\n",
		"objectives: [!!str]\n",
		"checks:\n  - {pointer: /id, equals: 1}\n",
		"title: {en: A, fr: B}\nsolution: &a [1, *a]\n",
		"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
		"objectives:\n  - ? a\n    : b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m fuzzMeta
		err := Decode("lessons/x.md", b, &m)
		if err == nil {
			return
		}
		var fe *Error
		if !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "lessons/x.md:") {
			t.Fatalf("Decode(%q) = %v, want a located *Error", b, err)
		}
	})
}

func TestDecodeHostile(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'j'; i++ {
		p := string(i - 1)
		bomb += string(i) + ": &" + string(i) + " [*" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + "]\n"
	}
	tests := []struct{ name, src, want string }{
		{"bare tag on a list field", "slug: a\nobjectives: !foo\n", "lessons/x.md:3: front matter: a tag (!name) needs a value after it"},
		{"bare core tag", "objectives: !!str\n", "lessons/x.md:2: front matter: a tag"},
		{"alias bomb", bomb, "lessons/x.md:6: front matter: its aliases (*name) would stand for more than 20000 values"},
		{"a few aliases are fine", "slug: &s a\nobjectives: [*s, *s]\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m fuzzMeta
			err := Decode("lessons/x.md", []byte(tt.src), &m)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.want == "" && got != "" || !strings.HasPrefix(got, tt.want) {
				t.Errorf("Decode = %q, want prefix %q", got, tt.want)
			}
		})
	}
}
