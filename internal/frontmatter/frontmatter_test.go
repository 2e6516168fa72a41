package frontmatter

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

type meta struct {
	Slug  string `yaml:"slug"`
	Order int    `yaml:"order"`
}

func TestSplitAndDecode(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		wantMeta meta
		wantBody string
		wantLine int
		wantErr  string
	}{
		{name: "ok", src: "---\nslug: a\norder: 2\n---\n# Body\n", wantMeta: meta{"a", 2}, wantBody: "# Body\n", wantLine: 5},
		{name: "bom and crlf", src: "\xef\xbb\xbf---\r\nslug: b\r\n---\r\nx", wantMeta: meta{Slug: "b"}, wantBody: "x", wantLine: 4},
		{name: "no front matter", src: "# Title\n", wantErr: `f.md:1: the file must start with front matter: a line "---", YAML fields, and another "---" line`},
		{name: "unclosed", src: "---\nslug: a\n", wantErr: `f.md:1: the front matter opened here is never closed by a "---" line`},
		{name: "unknown field", src: "---\nslug: a\ntitel: x\n---\n", wantErr: "f.md:3: front matter: unknown field \"titel\""},
		{name: "wrong type", src: "---\nslug: a\norder: first\n---\n", wantErr: "f.md:3: front matter: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parts, err := Split("f.md", []byte(tt.src))
			fm, body, line := parts.FrontMatter, parts.Body, parts.BodyLine
			if err == nil {
				var m meta
				err = Decode("f.md", fm, &m)
				if err == nil {
					if diff := cmp.Diff(tt.wantMeta, m); diff != "" {
						t.Errorf("meta (-want +got):\n%s", diff)
					}
					if string(body) != tt.wantBody || line != tt.wantLine {
						t.Errorf("body = %q line %d, want %q line %d", body, line, tt.wantBody, tt.wantLine)
					}
				}
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.wantErr == "" && got != "" {
				t.Fatalf("unexpected error %q", got)
			}
			if tt.wantErr != "" && (len(got) < len(tt.wantErr) || got[:len(tt.wantErr)] != tt.wantErr) {
				t.Errorf("error = %q, want prefix %q", got, tt.wantErr)
			}
		})
	}
}
