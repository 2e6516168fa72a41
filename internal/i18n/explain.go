package i18n

import (
	"fmt"
	"strings"
)

// ExplainUI holds the strings of "Explain a log": the page, the command's
// annotated timeline, and the messages of the explain API.
type ExplainUI struct {
	Title, Intro          string
	PasteLabel, PasteHelp string
	FileLabel, FileHelp   string // FileHelp: "Up to %s."
	FormatLabel           string
	FormatAuto            string
	ProtocolLabel         string
	ProtocolAuto          string
	Submit                string
	Privacy               string // nothing written to disk; secrets masked
	Link                  string // "Explain this log" on other pages
	KindLog               string // the exercise kind "log", in lists
	LogItem               string // "Message %d (%s): anything wrong?"

	SummaryTitle   string
	TimelineTitle  string
	FindingsTitle  string
	NoFindings     string
	AllGood        string
	SomethingWrong string
	Partial        string // the log starts mid-session
	Truncated      string
	Inferred       string // "(inferred)"
	Unknown        string // sender not known
	LineN          string // "line %d"
	Answers        string // "answers #%d"
	AnsweredBy     string // "answered by #%d"
	Unanswered     string
	ClosedCancels  string // a 2026-07-28 request cancelled by closing its stream
	Conversation   string // "Server %s"
	Valid          string
	ShowMessage    string // "Show message #%d"

	// Where the revision came from, by explain's Source* words.
	SourceHandshake, SourceMeta, SourceProtocol, SourceDefault string

	// What went wrong with the upload.
	ErrEmpty, ErrTooLarge, ErrBinary, ErrNotFormat, ErrFormat, ErrProtocol string
	// Clipped ends a long message's preview: its whole size, then what
	// the page shows of it.
	Clipped string
	// ErrNoMessages: no MCP message in the text; %s lists the formats.
	ErrNoMessages string

	// A long timeline is shown a page at a time. PagerShown: "Messages
	// %d–%d of %d"; PagerPage labels the field that picks a page ("Page",
	// then "of %d"); NotKept is said when the other pages cannot be
	// kept; Gone when a kept explanation is no longer there; ErrPage for
	// a page that is not one (%d: the last page).
	PagerShown, PagerPage, PagerOf, PagerGo, PagerPrev, PagerNext string
	NotKept, Gone, ErrPage, ErrNoMessage                          string
	// WholeMessage links a clipped message to its whole text; MoreFindings
	// ends a list of findings cut short ("and %d more").
	WholeMessage, MoreFindings string
	// ContextTitle opens the folded list of the lines that are no MCP
	// message ("%d lines are no MCP message"), ContextShown says how many
	// it shows when it does not show them all; the Ctx* words name each
	// kind of line (logimport.Context*).
	ContextTitle, ContextShown                                     string
	CtxClientLog, CtxServerStderr, CtxShell, CtxHTTP, CtxServerLog string
	CtxSDKObject                                                   string
	// ErrSDKObjects: no message as JSON, only an SDK's objects.
	ErrSDKObjects string

	// The summary's words, singular then plural, and its punctuation.
	Message1, MessageN           string
	Request1, RequestN           string
	Response1, ResponseN         string
	Notification1, NotificationN string
	Error1, ErrorN               string
	Invalid1, InvalidN           string
	Problem1, ProblemN           string // ProblemN: "%d problems"
	Remark1, RemarkN             string // RemarkN: "%d remarks": warnings and notes, no problem
	Revision                     string // "revision %s (%s)"
	Colon, Semicolon             string
}

// ContextSummary says how many lines are no MCP message and what they
// are: "12 lines are not MCP messages: client’s log 9, shell 3". kinds
// and counts go together, in the order they first appear.
func (u *ExplainUI) ContextSummary(l Lang, total int, kinds []string, counts []int) string {
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", u.ContextKind(k), counts[i])
	}
	s := Sprintf(l, u.ContextTitle, total)
	if len(parts) > 0 {
		s += u.Colon + " " + strings.Join(parts, ", ")
	}
	return s
}

// ContextKind names a kind of context line (logimport.Context*), the kind
// itself when it is none of them.
func (u *ExplainUI) ContextKind(kind string) string {
	switch kind {
	case "client-log":
		return u.CtxClientLog
	case "server-stderr":
		return u.CtxServerStderr
	case "shell":
		return u.CtxShell
	case "http":
		return u.CtxHTTP
	case "server-log":
		return u.CtxServerLog
	case "sdk-object":
		return u.CtxSDKObject
	}
	return kind
}

// Summary writes the summary line: "42 messages: 18 requests, 17
// responses, 7 notifications; revision 2025-11-25 (negotiated by the
// handshake); 3 problems". counts are messages, requests, responses,
// notifications, error responses, invalid messages, problems and remarks;
// the kinds with none are left out. source is one of explain's Source*
// words.
func (u *ExplainUI) Summary(counts [8]int, rev, source string) string {
	nouns := [6][2]string{{u.Message1, u.MessageN}, {u.Request1, u.RequestN}, {u.Response1, u.ResponseN},
		{u.Notification1, u.NotificationN}, {u.Error1, u.ErrorN}, {u.Invalid1, u.InvalidN}}
	word := func(i int) string {
		if counts[i] == 1 {
			return "1 " + nouns[i][0]
		}
		return fmt.Sprintf("%d %s", counts[i], nouns[i][1])
	}
	s := word(0)
	sep := u.Colon + " "
	for i := 1; i < len(nouns); i++ {
		if counts[i] > 0 {
			s += sep + word(i)
			sep = ", "
		}
	}
	return s + u.Semicolon + " " + fmt.Sprintf(u.Revision, rev, u.SourceWord(source)) + u.Semicolon + " " + u.Problems(counts[6]) + u.Remarks(counts[7])
}

// Remarks is ", 1 remark" or ", %d remarks" after the problems, "" for none.
func (u *ExplainUI) Remarks(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return ", " + u.Remark1
	}
	return ", " + fmt.Sprintf(u.RemarkN, n)
}

// Problems is "no problems", "1 problem" or "%d problems".
func (u *ExplainUI) Problems(n int) string {
	switch n {
	case 0:
		return u.NoFindings
	case 1:
		return u.Problem1
	}
	return fmt.Sprintf(u.ProblemN, n)
}

// SourceWord says where the revision came from.
func (u *ExplainUI) SourceWord(source string) string {
	switch source {
	case "handshake":
		return u.SourceHandshake
	case "_meta":
		return u.SourceMeta
	case "protocol":
		return u.SourceProtocol
	}
	return u.SourceDefault
}

// ExplainFor returns the explain strings of l.
func ExplainFor(l Lang) *ExplainUI {
	if u, ok := explainUI[l]; ok {
		return u
	}
	return explainUI[EN]
}

var explainUI = map[Lang]*ExplainUI{
	EN: {
		Title:         "Explain a log",
		Intro:         "Paste the log of your own MCP client or server, or drop the file: the playground reads the conversation, checks every message, pairs each request with its response, and shows what went wrong and where.",
		PasteLabel:    "Your log",
		PasteHelp:     "Any log with MCP messages in it: the format is detected among those of the list below, or choose it.",
		FileLabel:     "Or a file",
		FileHelp:      "Up to %s.",
		FormatLabel:   "Format",
		FormatAuto:    "Detect it",
		ProtocolLabel: "Protocol revision",
		ProtocolAuto:  "From the handshake",
		Submit:        "Explain",
		Privacy:       "Nothing is written to disk: a long log’s explanation is kept in memory for 30 minutes, for you alone, to show its further pages. Authorization headers, bearer tokens and API keys are masked in what is shown.",
		Link:          "Explain this log",
		KindLog:       "Find the mistakes in a log",
		LogItem:       "Message %d (%s): anything wrong?",

		SummaryTitle:   "Summary",
		TimelineTitle:  "Timeline",
		FindingsTitle:  "Problems in the conversation",
		NoFindings:     "no problems",
		AllGood:        "Nothing wrong in this log.",
		SomethingWrong: "Something is wrong in this log.",
		Partial:        "The log starts mid-session (no initialize): the handshake is assumed done before it.",
		Truncated:      "The log holds more messages than the playground explains at once: only the first ones were read.",
		Inferred:       "(inferred)",
		Unknown:        "unknown sender",
		LineN:          "line %d",
		Answers:        "answers #%d",
		AnsweredBy:     "answered by #%d",
		Unanswered:     "never answered",
		ClosedCancels:  "cancelled: the client closed its stream",
		Conversation:   "Server %s",
		Valid:          "valid",
		ShowMessage:    "Show message #%d",

		SourceHandshake: "negotiated by the handshake",
		SourceMeta:      "named in _meta",
		SourceProtocol:  "as asked",
		SourceDefault:   "the default",

		ErrEmpty:      "The log is empty: paste it or choose a file.",
		ErrTooLarge:   "The log is larger than %s, the most the playground explains at once. Split it.",
		ErrBinary:     "This file is not text: a log is a text file (JSON Lines, a capture, a HAR…).",
		ErrNotFormat:  "The text is not in the format asked for: %s. Choose “Detect it”.",
		ErrFormat:     "Unknown format “%s” (known: %s).",
		Clipped:       "… (the message is %s long; the page shows its first %s)",
		ErrNoMessages: "No MCP message found in this text. The formats the playground reads: %s.",

		PagerShown:   "Messages %d–%d of %d",
		PagerPage:    "Page",
		PagerOf:      "of %d",
		PagerGo:      "Show",
		PagerPrev:    "← Previous page",
		PagerNext:    "Next page →",
		NotKept:      "This log is too long to keep for its further pages: only its first messages are shown. Explain it with POST /api/explain or playground explain to read it all.",
		Gone:         "This explanation is no longer kept (each learner’s latest one is kept for 30 minutes): explain the log again.",
		ErrPage:      "There is no such page: choose one from 1 to %d.",
		ErrNoMessage: "There is no such message: this explanation numbers its messages from 1 to %d.",
		WholeMessage: "Show the whole message",
		MoreFindings: "… and %d more: the explain JSON (POST /api/explain) lists them all.",

		ContextTitle:    "%d {line is not an MCP message|lines are not MCP messages}",
		ContextShown:    "the first %d are shown",
		CtxClientLog:    "client’s log",
		CtxServerStderr: "server’s stderr",
		CtxShell:        "shell",
		CtxHTTP:         "HTTP framing",
		CtxServerLog:    "server’s log",
		CtxSDKObject:    "SDK object, not JSON (not judged)",
		ErrSDKObjects:   "No MCP message as JSON in this text: its lines print the messages as an SDK’s objects (Rust’s Debug output, a typed Python model), whose fields are not the message’s members, so the playground does not guess at them. Log the messages’ JSON instead, or capture the stdio or HTTP traffic itself.",
		ErrProtocol:     "Unknown protocol revision “%s” (known: %s).",

		Message1: "message", MessageN: "messages",
		Request1: "request", RequestN: "requests",
		Response1: "response", ResponseN: "responses",
		Notification1: "notification", NotificationN: "notifications",
		Error1: "error response", ErrorN: "error responses",
		Invalid1: "invalid message", InvalidN: "invalid messages",
		Problem1: "1 problem", ProblemN: "%d problems",
		Remark1: "1 remark", RemarkN: "%d remarks",
		Revision: "revision %s (%s)",
		Colon:    ":", Semicolon: ";",
	},
	FR: {
		Title:         "Expliquer un journal",
		Intro:         "Collez le journal de votre client ou de votre serveur MCP, ou déposez le fichier\u00a0: MCP Playground lit la conversation, vérifie chaque message, associe chaque requête à sa réponse, et montre ce qui ne va pas, et où.",
		PasteLabel:    "Votre journal",
		PasteHelp:     "Tout journal qui contient des messages MCP\u00a0: son format est reconnu parmi ceux de la liste ci-dessous, ou choisissez-le.",
		FileLabel:     "Ou un fichier",
		FileHelp:      "Jusqu’à %s.",
		FormatLabel:   "Format",
		FormatAuto:    "Le détecter",
		ProtocolLabel: "Révision du protocole",
		ProtocolAuto:  "Celle de la poignée de main",
		Submit:        "Expliquer",
		Privacy:       "Rien n’est écrit sur le disque\u00a0: l’explication d’un long journal est gardée en mémoire 30\u00a0minutes, pour vous seul, afin d’en montrer les pages suivantes. Les en-têtes Authorization, les jetons bearer et les clés d’API sont masqués dans ce qui est affiché.",
		Link:          "Expliquer ce journal",
		KindLog:       "Trouver les erreurs d’un journal",
		LogItem:       "Message %d (%s)\u00a0: un problème\u00a0?",

		SummaryTitle:   "Résumé",
		TimelineTitle:  "Chronologie",
		FindingsTitle:  "Problèmes de la conversation",
		NoFindings:     "aucun problème",
		AllGood:        "Rien à redire dans ce journal.",
		SomethingWrong: "Quelque chose ne va pas dans ce journal.",
		Partial:        "Le journal commence en cours de session (pas d’initialize)\u00a0: la poignée de main est supposée faite avant.",
		Truncated:      "Le journal contient plus de messages que MCP Playground n’en explique d’un coup\u00a0: seuls les premiers ont été lus.",
		Inferred:       "(déduit)",
		Unknown:        "expéditeur inconnu",
		LineN:          "ligne %d",
		Answers:        "répond au n°\u00a0%d",
		AnsweredBy:     "a pour réponse le n°\u00a0%d",
		Unanswered:     "jamais de réponse",
		ClosedCancels:  "annulée\u00a0: le client a fermé son flux",
		Conversation:   "Serveur %s",
		Valid:          "valide",
		ShowMessage:    "Voir le message n°\u00a0%d",

		SourceHandshake: "négociée à l’initialisation",
		SourceMeta:      "indiquée dans _meta",
		SourceProtocol:  "celle demandée",
		SourceDefault:   "celle par défaut",

		ErrEmpty:      "Le journal est vide\u00a0: collez-le ou choisissez un fichier.",
		ErrTooLarge:   "Le journal dépasse %s, le maximum que MCP Playground explique d’un coup. Découpez-le.",
		ErrBinary:     "Ce fichier n’est pas du texte\u00a0: un journal est un fichier texte (JSON Lines, une capture, un HAR…).",
		ErrNotFormat:  "Le texte n’est pas au format demandé\u00a0: %s. Choisissez «\u00a0Le détecter\u00a0».",
		ErrFormat:     "Format inconnu «\u00a0%s\u00a0» (formats connus\u00a0: %s).",
		Clipped:       "… (le message fait %s\u00a0; la page en montre les %s premiers)",
		ErrNoMessages: "Aucun message MCP dans ce texte. Les formats que MCP Playground sait lire\u00a0: %s.",

		PagerShown:   "Messages %d à %d sur %d",
		PagerPage:    "Page",
		PagerOf:      "sur %d",
		PagerGo:      "Afficher",
		PagerPrev:    "← Page précédente",
		PagerNext:    "Page suivante →",
		NotKept:      "Ce journal est trop long pour que ses pages suivantes soient conservées\u00a0: seuls ses premiers messages sont affichés. Pour le lire en entier, expliquez-le avec POST /api/explain ou playground explain.",
		Gone:         "Cette explication n’est plus conservée (la dernière de chaque apprenant l’est 30\u00a0minutes)\u00a0: expliquez de nouveau le journal.",
		ErrPage:      "Cette page n’existe pas\u00a0: choisissez-en une de 1 à %d.",
		ErrNoMessage: "Ce message n’existe pas\u00a0: cette explication numérote ses messages de 1 à %d.",
		WholeMessage: "Afficher le message en entier",
		MoreFindings: "… et %d autres\u00a0: le JSON de l’explication (POST /api/explain) les donne tous.",

		ContextTitle:    "%d {ligne n’est pas un message MCP|lignes ne sont pas des messages MCP}",
		ContextShown:    "les %d premières sont affichées",
		CtxClientLog:    "journal du client",
		CtxServerStderr: "sortie d’erreur du serveur",
		CtxShell:        "terminal",
		CtxHTTP:         "encadrement HTTP",
		CtxServerLog:    "journal du serveur",
		CtxSDKObject:    "objet du SDK, pas du JSON (non vérifié)",
		ErrSDKObjects:   "Aucun message MCP en JSON dans ce texte\u00a0: ses lignes affichent les messages comme des objets du SDK (la sortie Debug de Rust, un modèle Python typé), dont les champs ne sont pas les membres du message\u00a0; MCP Playground ne devine donc pas ce qu’ils étaient. Journalisez plutôt le JSON des messages, ou capturez le trafic stdio ou HTTP lui-même.",
		ErrProtocol:     "Révision du protocole inconnue «\u00a0%s\u00a0» (révisions connues\u00a0: %s).",

		Message1: "message", MessageN: "messages",
		Request1: "requête", RequestN: "requêtes",
		Response1: "réponse", ResponseN: "réponses",
		Notification1: "notification", NotificationN: "notifications",
		Error1: "réponse d’erreur", ErrorN: "réponses d’erreur",
		Invalid1: "message invalide", InvalidN: "messages invalides",
		Problem1: "1 problème", ProblemN: "%d problèmes",
		Remark1: "1 remarque", RemarkN: "%d remarques",
		Revision: "révision %s (%s)",
		Colon:    "\u00a0:", Semicolon: "\u00a0;",
	},
}
