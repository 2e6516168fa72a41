package logimport

import (
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// arrowWords turn the arrows logs draw into one of two tokens.
var arrowWords = strings.NewReplacer(
	"→", " > ", "->", " > ", "=>", " > ", ">>>", " > ", ">>", " > ", "⟶", " > ",
	"←", " < ", "<-", " < ", "<=", " < ", "<<<", " < ", "<<", " < ", "⟵", " < ",
	"[", " ", "]", " ", "(", " ", ")", " ", ":", " ", ",", " ", "|", " ", "\"", " ", "'", " ",
)

// roleWords are the words logs use for the two sides. An editor, a host, a
// proxy's local side are the client; the remote side is the server.
var roleWords = map[string]string{
	"client": grader.SenderClient, "editor": grader.SenderClient, "host": grader.SenderClient, "local": grader.SenderClient, "c": grader.SenderClient,
	"server": grader.SenderServer, "remote": grader.SenderServer, "s": grader.SenderServer, "mcp-server": grader.SenderServer,
}

// Words that say the log's writer sent the message, or received it.
var (
	sentWords = map[string]bool{"send": true, "sending": true, "sent": true, "write": true, "writing": true, "wrote": true,
		"outgoing": true, "out": true, "tx": true, "emit": true, "emitting": true, "publish": true}
	receivedWords = map[string]bool{"recv": true, "receive": true, "received": true, "receiving": true, "read": true, "reading": true,
		"incoming": true, "in": true, "rx": true, "got": true}
)

// senderWords reads who sent a message from the words before it: a side
// named with an arrow, "says", "from" or "to" ("Client Says", "Message
// from server", "[editor -> server]", "SERVER >>>", "[Local→Remote]"),
// or, failing that, whether the log's writer sent or received it
// ("Sending", "Received", "read:", "outgoing message").
func senderWords(prefix string) sender {
	toks := strings.Fields(arrowWords.Replace(strings.ToLower(prefix)))
	if s := roleFromTokens(toks); s != "" {
		return sender{from: s}
	}
	for i := len(toks) - 1; i >= 0; i-- {
		switch t := toks[i]; {
		case sentWords[t] || t == ">":
			return sender{persp: 1}
		case receivedWords[t] || t == "<":
			return sender{persp: -1}
		}
	}
	return sender{}
}

// roleFromTokens reads a side named with an arrow, "says", "from" or "to";
// a side named alone ("[server] {…}") sent the message.
func roleFromTokens(toks []string) string {
	named, alone := "", 0
	for i, t := range toks {
		role, ok := roleWords[t]
		if !ok || (len(t) == 1 && !nextIsArrow(toks, i)) {
			continue
		}
		named, alone = role, alone+1
		prev, next := at(toks, i-1), at(toks, i+1)
		switch {
		case next == ">" || next == "says" || next == "said" || next == "sends" || prev == "from" || prev == "<":
			return role
		case next == "<" || prev == ">" || prev == "to":
			return other(role)
		}
	}
	if alone == 1 {
		return named
	}
	return ""
}

func nextIsArrow(toks []string, i int) bool {
	n := at(toks, i+1)
	return n == ">" || n == "<" || at(toks, i-1) == ">" || at(toks, i-1) == "<"
}

func at(toks []string, i int) string {
	if i < 0 || i >= len(toks) {
		return ""
	}
	return toks[i]
}

// setPersp keeps what the words said of entry i's sender from the
// writer's side, for resolveWriter.
func (r *reader) setPersp(i int, persp int8, from string) {
	if persp == 0 || from != "" {
		return
	}
	for len(r.persp) <= i {
		r.persp = append(r.persp, 0)
	}
	r.persp[i] = persp
}

// resolveWriter gives a sender to the messages whose words only said that
// the log's writer sent or received them: who the writer is follows from
// the methods it sent (and received), as the side that sends them. Such a
// sender is marked inferred.
func (r *reader) resolveWriter() {
	votes := map[string]int{}
	for i, p := range r.persp {
		if p == 0 {
			continue
		}
		pk := peek(r.res.Entries[i].Raw)
		if pk.kind != kindRequest && pk.kind != kindNotification {
			continue
		}
		s := grader.MethodSender(pk.method, "")
		if s != grader.SenderClient && s != grader.SenderServer {
			continue
		}
		if p < 0 {
			s = other(s)
		}
		votes[s]++
	}
	writer := ""
	switch {
	case votes[grader.SenderClient] > votes[grader.SenderServer]:
		writer = grader.SenderClient
	case votes[grader.SenderServer] > votes[grader.SenderClient]:
		writer = grader.SenderServer
	default:
		return
	}
	for i, p := range r.persp {
		e := &r.res.Entries[i]
		if p == 0 || e.From != "" {
			continue
		}
		e.From, e.Inferred = writer, true
		if p < 0 {
			e.From = other(writer)
		}
	}
}

// setLabelled notes that a side's name in the words before entry i gave
// its sender (roleFromTokens), for recipientLabels.
func (r *reader) setLabelled(i int) {
	for len(r.labelled) <= i {
		r.labelled = append(r.labelled, false)
	}
	r.labelled[i] = true
}

// recipientLabels reads again the senders a log's labels gave, when the
// labels name the side a message goes to rather than the one it comes
// from: JetBrains' AI Assistant logs what it writes to the server as
// "SERVER - {…initialize…}" and what the server writes as "CLIENT - {…}".
// When most of the labelled requests and notifications go against the
// direction their method has (an initialize "from the server"), the
// labels are read the other way round, for the whole log, and the senders
// are marked inferred; a log whose labels mostly agree is kept as it is,
// its odd message being the sender's mistake.
func (r *reader) recipientLabels() {
	agree, against := 0, 0
	for i, ok := range r.labelled {
		if !ok {
			continue
		}
		e := r.res.Entries[i]
		pk := peek(e.Raw)
		if pk.kind != kindRequest && pk.kind != kindNotification {
			continue
		}
		switch grader.MethodSender(pk.method, "") {
		case e.From:
			agree++
		case other(e.From):
			against++
		}
	}
	if against < 2 || against <= agree {
		return
	}
	for i, ok := range r.labelled {
		if e := &r.res.Entries[i]; ok {
			e.From, e.Inferred = other(e.From), true
		}
	}
}
