package pagevm

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
)

// What tripped a learner reads as words, in both languages: a check's id
// by what it looked at, never the raw id.
func TestCheckInWords(t *testing.T) {
	tests := []struct {
		id     string
		en, fr string
	}{
		{"answer:4", "your answer for message 4", "votre réponse pour le message 4"},
		{"method", "the method", "la méthode"},
		{"method:tools/call", "the method", "la méthode"},
		{"equals:/params/name", "the value at <code>/params/name</code>", "la valeur en <code>/params/name</code>"},
		{"mentions:/result/content/0/text", "the value at <code>/result/content/0/text</code>", "la valeur en <code>/result/content/0/text</code>"},
		{"uri:/result/roots/0/uri", "the value at <code>/result/roots/0/uri</code>", "la valeur en <code>/result/roots/0/uri</code>"},
		{"base64:/result/content/0/data", "the value at <code>/result/content/0/data</code>", "la valeur en <code>/result/content/0/data</code>"},
		{"includes:/params/messages/0/content", "the value at <code>/params/messages/0/content</code>", "la valeur en <code>/params/messages/0/content</code>"},
		{"valid", "a message the checker accepts", "un message que le vérificateur accepte"},
		{"something-new", "one of the exercise’s checks", "l’une des vérifications de l’exercice"},
	}
	for _, tt := range tests {
		got := []string{string(checkInWords(i18n.PathFor(i18n.EN), nil, tt.id)), string(checkInWords(i18n.PathFor(i18n.FR), nil, tt.id))}
		if diff := cmp.Diff([]string{tt.en, tt.fr}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.id, diff)
		}
	}
}

// When an exercise comes back, from its card's due time, with French
// taking the singular for 1.
func TestComesBack(t *testing.T) {
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		in     time.Duration
		en, fr string
	}{
		{20 * time.Minute, "This exercise comes back for review in 20 minutes.", "Cet exercice reviendra en révision dans 20 minutes."},
		{24 * time.Hour, "This exercise comes back for review in 1 day.", "Cet exercice reviendra en révision dans 1 jour."},
		{3 * 24 * time.Hour, "This exercise comes back for review in 3 days.", "Cet exercice reviendra en révision dans 3 jours."},
		{7 * 24 * time.Hour, "This exercise comes back for review in 1 week.", "Cet exercice reviendra en révision dans 1 semaine."},
		{21 * 24 * time.Hour, "This exercise comes back for review in 3 weeks.", "Cet exercice reviendra en révision dans 3 semaines."},
	}
	for _, tt := range tests {
		card := review.Card{Due: now.Add(tt.in)}
		got := []string{ComesBack(i18n.EN, card, now), ComesBack(i18n.FR, card, now)}
		if diff := cmp.Diff([]string{tt.en, tt.fr}, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tt.in, diff)
		}
	}
}
