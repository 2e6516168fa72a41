package i18n

import "testing"

func TestExplainSummary(t *testing.T) {
	cases := []struct {
		lang   Lang
		counts [8]int
		source string
		want   string
	}{
		{EN, [8]int{42, 18, 17, 7, 0, 0, 3, 0}, "handshake", "42 messages: 18 requests, 17 responses, 7 notifications; revision 2025-11-25 (negotiated by the handshake); 3 problems"},
		{EN, [8]int{1, 1, 0, 0, 0, 0, 1, 2}, "default", "1 message: 1 request; revision 2025-11-25 (the default); 1 problem, 2 remarks"},
		{FR, [8]int{3, 1, 0, 1, 1, 0, 0, 1}, "_meta", "3 messages\u00a0: 1 requête, 1 notification, 1 réponse d’erreur\u00a0; révision 2025-11-25 (indiquée dans _meta)\u00a0; aucun problème, 1 remarque"},
	}
	for _, c := range cases {
		if got := ExplainFor(c.lang).Summary(c.counts, "2025-11-25", c.source); got != c.want {
			t.Errorf("%s %v:\n got %q\nwant %q", c.lang, c.counts, got, c.want)
		}
	}
}
