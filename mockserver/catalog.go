package mockserver

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The catalogue is the data the lessons and exercises teach with: a learner
// who sends a lesson's request in the console gets the lesson's reply. The
// lesson-replay test (lessons_test.go) keeps the two in step, so change a
// gift, a price or a sentence here only together with the lessons.

// Gift is one item of the gift catalogue. Prices are in US dollars.
type Gift struct {
	Name      string
	Price     float64
	Category  string
	Occasions []string // the occasions the gift suits
	Interests []string // words matched against the recipient
}

// GiftSummary is the shape of one gift in suggest_gifts' structuredContent.
type GiftSummary = giftSummary

type giftSummary struct {
	Name     string  `json:"name"`
	Price    float64 `json:"price"`
	Category string  `json:"category"`
}

// shelf is one category of the catalogue, as the search walks it.
type shelf struct {
	category string
	label    string // for progress messages: "Searching the kitchen shelf"
}

// shelves are the catalogue's categories in the order suggest_gifts searches
// them (and gift://catalog lists them).
var shelves = []shelf{
	{"books", "bookshelf"},
	{"kitchen", "kitchen shelf"},
	{"games", "board game shelf"},
}

// categories lists the catalogue's categories in shelf order.
var categories = func() []string {
	out := make([]string, len(shelves))
	for i, s := range shelves {
		out[i] = s.category
	}
	return out
}()

// catalogue is the fixed, deterministic gift catalogue (an immutable table),
// shelf by shelf, the most expensive first.
var catalogue = []Gift{
	{"The Art of Game Design", 38, "books", []string{"graduation", "retirement", "thank-you"}, []string{"game design", "games", "design", "student", "reading"}},
	{"Cast-iron Dutch oven", 110, "kitchen", []string{"wedding", "housewarming", "anniversary"}, []string{"cooking", "food", "couple"}},
	{"Pasta machine", 85, "kitchen", []string{"wedding", "housewarming", "retirement"}, []string{"cooking", "food", "pasta"}},
	{"Espresso cups, set of two", 34, "kitchen", []string{"anniversary", "housewarming", "thank-you"}, []string{"coffee", "couple", "colleague", "coworker"}},
	{"Spice sampler", 12, "kitchen", []string{"birthday", "holiday", "housewarming", "thank-you"}, []string{"cooking", "food", "spices"}},
	{"Cooperative board game", 39, "games", []string{"birthday", "wedding", "anniversary", "holiday"}, []string{"board games", "games", "family", "friend", "couple"}},
	{"Wooden dice tower", 24, "games", []string{"birthday", "holiday", "thank-you"}, []string{"board games", "games", "dice", "friend"}},
}

// maxSuggestions is how many ideas suggest_gifts gives at most.
const maxSuggestions = 2

// occasionsKnown lists the occasions the catalogue is tagged with, sorted.
var occasionsKnown = func() []string {
	var out []string
	for _, g := range catalogue {
		for _, o := range g.Occasions {
			if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	slices.Sort(out)
	return out
}()

// cheapestPrice is the price of the cheapest gift in the whole catalogue.
var cheapestPrice = slices.MinFunc(catalogue, func(a, b Gift) int { return cmp.Compare(a.Price, b.Price) }).Price

// giftsIn returns the catalogue items of one category (nil for an unknown one).
func giftsIn(category string) []Gift {
	var out []Gift
	for _, g := range catalogue {
		if g.Category == category {
			out = append(out, g)
		}
	}
	return out
}

// suggestion is the outcome of one suggest_gifts call.
type suggestion struct {
	Gifts       []giftSummary
	Cheapest    float64 // cheapest gift suited to the occasion, 0 when none is
	NothingFits bool
}

// suggest picks up to maxSuggestions gifts suited to the occasion and within
// budget: those whose interests the recipient's words mention first, then the
// most expensive that fits (the most of the budget), then by name.
// Everything is deterministic.
func suggest(occasion string, budget float64, recipient string) suggestion {
	occasion = normalOccasion(occasion)
	words := strings.ToLower(recipient)
	type scored struct {
		i, score int
	}
	var buf [16]scored
	fits := buf[:0]
	cheapest := 0.0
	for i := range catalogue {
		g := &catalogue[i]
		if !slices.Contains(g.Occasions, occasion) {
			continue
		}
		if cheapest == 0 || g.Price < cheapest {
			cheapest = g.Price
		}
		if g.Price > budget {
			continue
		}
		score := 0
		if words != "" {
			for _, w := range g.Interests {
				if strings.Contains(words, w) {
					score++
				}
			}
		}
		fits = append(fits, scored{i, score})
	}
	if len(fits) == 0 {
		return suggestion{NothingFits: true, Cheapest: cheapest}
	}
	slices.SortFunc(fits, func(a, b scored) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		ga, gb := &catalogue[a.i], &catalogue[b.i]
		if c := cmp.Compare(gb.Price, ga.Price); c != 0 {
			return c
		}
		return cmp.Compare(ga.Name, gb.Name)
	})
	out := suggestion{Gifts: make([]giftSummary, 0, maxSuggestions)}
	for _, f := range fits[:min(maxSuggestions, len(fits))] {
		g := &catalogue[f.i]
		out.Gifts = append(out.Gifts, giftSummary{g.Name, g.Price, g.Category})
	}
	return out
}

// normalOccasion is the occasion as the catalogue tags it: "Birthday " is
// "birthday".
func normalOccasion(occasion string) string {
	o := strings.ToLower(occasion)
	if !singleSpaced(o) {
		o = strings.Join(strings.Fields(o), " ")
	}
	if tag, ok := occasionWords[o]; ok {
		return tag
	}
	return o
}

// singleSpaced tells whether s is ASCII words separated by single spaces,
// which strings.Fields and strings.Join would give back unchanged.
func singleSpaced(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}

// occasionWords are the other words a learner writes for the catalogue's
// occasions, French ones first: a French session asks for an
// "anniversaire" and gets the birthday gifts.
var occasionWords = map[string]string{
	"anniversaire": "birthday", "fête": "birthday", "fete": "birthday",
	"mariage": "wedding", "noces": "wedding",
	"anniversaire de mariage": "anniversary",
	"diplôme":                 "graduation", "diplome": "graduation", "remise de diplôme": "graduation", "remise de diplome": "graduation",
	"crémaillère": "housewarming", "cremaillere": "housewarming", "pendaison de crémaillère": "housewarming", "pendaison de cremaillere": "housewarming",
	"retraite": "retirement", "départ à la retraite": "retirement", "depart a la retraite": "retirement",
	"remerciement": "thank-you", "remerciements": "thank-you", "merci": "thank-you", "thank you": "thank-you", "thanks": "thank-you",
	"fêtes": "holiday", "fetes": "holiday", "noël": "holiday", "noel": "holiday", "fêtes de fin d’année": "holiday", "fêtes de fin d'année": "holiday",
}

// formatPrice writes a price the way the catalogue shows it: $45 or $12.50.
func formatPrice(p float64) string {
	return "$" + formatAmount(p)
}

// formatAmount writes an amount without the dollar sign: 45 or 12.50.
func formatAmount(p float64) string {
	if p == float64(int64(p)) {
		return strconv.FormatInt(int64(p), 10)
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}

// article is "an" before a vowel and "a" otherwise: "an anniversary".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// Suggestion is what suggest_gifts answers, for callers outside the protocol
// (the load benchmark serves the same tool with another server).
type Suggestion struct {
	Text        string        // the content text, or the error text
	Gifts       []GiftSummary // structuredContent.gifts
	NothingFits bool          // the result is a business error (isError)
}

// Suggest runs suggest_gifts' logic on the catalogue.
func Suggest(occasion string, budget float64, recipient string) Suggestion {
	sg := suggest(occasion, budget, recipient)
	if sg.NothingFits {
		return Suggestion{Text: nothingFitsText(occasion, budget, sg), NothingFits: true}
	}
	return Suggestion{Text: string(marshal(giftList{sg.Gifts})), Gifts: sg.Gifts}
}

// nothingFitsText explains a search that found nothing, and what to change:
// written for the model, which reads it and calls again.
func nothingFitsText(occasion string, budget float64, sg suggestion) string {
	occasion = normalOccasion(occasion)
	msg := fmt.Sprintf("No gift found for %s %s under %s.", article(occasion), occasion, formatPrice(budget))
	switch {
	case sg.Cheapest == 0:
		msg += " The catalogue has gifts for these occasions: " + strings.Join(occasionsKnown, ", ") + "."
	case sg.Cheapest == cheapestPrice:
		msg += fmt.Sprintf(" The cheapest gift in the catalogue costs %s: try a budget of at least %s.", formatPrice(sg.Cheapest), formatAmount(sg.Cheapest))
	default:
		msg += fmt.Sprintf(" The cheapest %s gift costs %s: try a budget of at least %s.", occasion, formatPrice(sg.Cheapest), formatAmount(sg.Cheapest))
	}
	return msg
}
