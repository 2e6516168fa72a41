package mockserver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Gift is one item of the gift catalogue. Prices are in US dollars.
type Gift struct {
	Name      string   `json:"name"`
	Price     float64  `json:"price"`
	Category  string   `json:"category"`
	Occasions []string `json:"occasions"` // "any" fits every occasion
	Interests []string `json:"interests"` // words matched against the recipient
}

// GiftSummary is the shape of one gift in suggest_gifts' structuredContent.
type GiftSummary = giftSummary

type giftSummary struct {
	Name     string  `json:"name"`
	Price    float64 `json:"price"`
	Category string  `json:"category"`
}

// catalogue is the fixed, deterministic gift catalogue (an immutable table).
var catalogue = []Gift{
	{"Board game: Catan", 45, "games", []string{"birthday", "holiday"}, []string{"board games", "games", "family", "friend"}},
	{"Dice set", 20, "games", []string{"any"}, []string{"board games", "games", "friend"}},
	{"Jigsaw puzzle, 1000 pieces", 28, "games", []string{"birthday", "holiday"}, []string{"puzzles", "family", "parent"}},
	{"Kids' science kit", 35, "games", []string{"birthday", "holiday"}, []string{"child", "kid", "kids", "science"}},
	{"Novel: a bestseller of the year", 24, "books", []string{"any"}, []string{"reading", "books", "friend", "parent"}},
	{"Cookbook: Simple Suppers", 32, "books", []string{"housewarming", "wedding", "birthday"}, []string{"cooking", "food", "couple"}},
	{"Cooking class for two", 120, "experiences", []string{"wedding", "anniversary", "birthday"}, []string{"cooking", "food", "couple", "partner"}},
	{"Concert tickets", 150, "experiences", []string{"birthday", "anniversary", "graduation"}, []string{"music", "partner", "friend"}},
	{"Hardcover notebook", 18, "stationery", []string{"graduation", "thank-you", "birthday", "retirement"}, []string{"writing", "colleague", "coworker", "student"}},
	{"Fountain pen", 60, "stationery", []string{"graduation", "retirement", "thank-you"}, []string{"writing", "colleague", "coworker", "student"}},
	{"Herbal tea sampler", 25, "food", []string{"any"}, []string{"tea", "colleague", "coworker", "parent"}},
	{"Chocolate truffle box", 30, "food", []string{"any"}, []string{"chocolate", "sweets", "friend", "colleague", "coworker"}},
	{"Ceramic vase", 55, "home", []string{"wedding", "housewarming", "anniversary"}, []string{"flowers", "home", "couple", "parent"}},
	{"Scented candle", 22, "home", []string{"housewarming", "holiday", "thank-you", "birthday"}, []string{"home", "friend", "colleague", "coworker"}},
	{"Wireless earbuds", 90, "gadgets", []string{"birthday", "graduation", "holiday"}, []string{"music", "tech", "student", "teen"}},
	{"Smart plant sensor", 40, "gadgets", []string{"housewarming", "birthday"}, []string{"plants", "gardening", "tech", "home"}},
}

// categories lists the catalogue's categories in a fixed order.
var categories = []string{"books", "experiences", "food", "games", "gadgets", "home", "stationery"}

// occasionsKnown lists the occasions the catalogue is tagged with.
var occasionsKnown = []string{"anniversary", "birthday", "graduation", "holiday", "housewarming", "retirement", "thank-you", "wedding"}

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
	Cheapest    float64 // cheapest gift suited to the occasion, when none fits
	NothingFits bool
}

// suggest picks up to three gifts: suited to the occasion (or to any), within
// budget, best matches for the recipient first, then the most expensive that
// fits, then by name. Everything is deterministic.
func suggest(occasion string, budget float64, recipient string) suggestion {
	occasion = strings.ToLower(strings.TrimSpace(occasion))
	words := strings.ToLower(recipient)
	type scored struct {
		i, score int
	}
	var buf [16]scored
	fits := buf[:0]
	cheapest := -1.0
	for i := range catalogue {
		g := &catalogue[i]
		own := slices.Contains(g.Occasions, occasion)
		if !own && !slices.Contains(g.Occasions, "any") {
			continue
		}
		if cheapest < 0 || g.Price < cheapest {
			cheapest = g.Price
		}
		if g.Price > budget {
			continue
		}
		score := 0
		if own {
			score++
		}
		if words != "" {
			for _, w := range g.Interests {
				if strings.Contains(words, w) {
					score += 2
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
	out := suggestion{Gifts: make([]giftSummary, 0, 3)}
	for _, f := range fits[:min(3, len(fits))] {
		g := &catalogue[f.i]
		out.Gifts = append(out.Gifts, giftSummary{g.Name, g.Price, g.Category})
	}
	return out
}

// formatPrice writes a price the way the catalogue shows it: $45 or $12.50.
func formatPrice(p float64) string {
	if p == float64(int64(p)) {
		return fmt.Sprintf("$%d", int64(p))
	}
	return fmt.Sprintf("$%.2f", p)
}

// suggestionText is the content text of a suggest_gifts result.
func suggestionText(occasion string, budget float64, recipient string, s suggestion) string {
	var b strings.Builder
	for_ := ""
	if recipient != "" {
		for_ = " for " + recipient
	}
	fmt.Fprintf(&b, "%d gift idea", len(s.Gifts))
	if len(s.Gifts) != 1 {
		b.WriteString("s")
	}
	fmt.Fprintf(&b, " for %s %s%s, within %s:", article(occasion), occasion, for_, formatPrice(budget))
	for _, g := range s.Gifts {
		fmt.Fprintf(&b, "\n- %s (%s, %s)", g.Name, formatPrice(g.Price), g.Category)
	}
	return b.String()
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
	return Suggestion{Text: suggestionText(occasion, budget, recipient, sg), Gifts: sg.Gifts}
}

func nothingFitsText(occasion string, budget float64, sg suggestion) string {
	msg := fmt.Sprintf("No gift in the catalogue fits a budget of %s for %s %s.", formatPrice(budget), article(occasion), occasion)
	if sg.Cheapest > 0 {
		msg += fmt.Sprintf(" The cheapest suitable gift costs %s.", formatPrice(sg.Cheapest))
	}
	return msg
}
