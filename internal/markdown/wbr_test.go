package markdown

import "testing"

func TestBreakHeadingCode(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<h2 id="x"><code>notifications/tools/list_changed</code></h2>`, `<h2 id="x"><code>notifications/<wbr>tools/<wbr>list_changed</code></h2>`},
		{`<p><code>a/b</code></p>`, `<p><code>a/b</code></p>`},
		{`<h3>a/b <code>c</code></h3>`, `<h3>a/b <code>c</code></h3>`},
	}
	for _, tt := range tests {
		if got := breakHeadingCode(tt.in); got != tt.want {
			t.Errorf("breakHeadingCode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
