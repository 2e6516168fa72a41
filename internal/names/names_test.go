package names

import "testing"

func TestSame(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Anna", "anna", true},
		{"Anna", "Аnna", true},           // Cyrillic А
		{"Marc", "Mаrс", true},           // Cyrillic а and с
		{"Ann", "Ａｎｎ", true},             // fullwidth
		{"Ann", "An\u200bn", true},       // zero-width space
		{"Ann", "An\u00adn", true},       // soft hyphen
		{"Ann", "\ufeffAnn\u2060", true}, // BOM, word joiner
		{"Ann Lee", "Ann  Lee", true},    // double space
		{"Ann Lee", "Ann\u00a0Lee", true},
		{"Ann Lee", " Ann\tLee ", true},
		{"Élodie", "E\u0301lodie", true}, // NFD against NFC
		{"Élodie", "élodie", true},
		{"Élodie", "Elodie", false},
		{"Ann", "Anne", false},
		{"Ann Lee", "AnnLee", false},
		{"Зоя", "Зоя", true},
		{"Зоя", "Зоя б", false},
	} {
		if got := Same(tc.a, tc.b); got != tc.same {
			t.Errorf("Same(%q, %q) = %v, want %v (keys %q, %q)", tc.a, tc.b, got, tc.same, Key(tc.a), Key(tc.b))
		}
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"  Ann   Lee ":       "Ann Lee",
		"Ａｎｎ":                "Ann",
		"An\u200bn\u00ad":    "Ann",
		"E\u0301lodie":       "Élodie",
		"Зоя":                "Зоя",
		"\u200b\u200c\u200d": "",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}
