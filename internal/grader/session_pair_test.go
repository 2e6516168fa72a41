package grader

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// linked is what a test reads of a Link: the kind the receiver read and
// the indices it points at.
type linked struct {
	Kind                         Kind
	Answers, AnsweredBy, Cancels int
}

func TestPlaceLinks(t *testing.T) {
	const (
		init    = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		initRes = `{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`
		inited  = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	)
	type msg struct{ from, raw string }
	handshake := []msg{{SenderClient, init}, {SenderServer, initRes}, {SenderClient, inited}}
	none := func(k Kind) linked { return linked{k, -1, -1, -1} }
	hs := []linked{{KindRequest, -1, -1, -1}, {KindResponse, 0, -1, -1}, none(KindNotification)}
	tests := []struct {
		name  string
		late  bool
		msgs  []msg
		want  []linked
		codes []string // session.* codes of the last message
	}{
		{name: "answers out of order", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{SenderClient, `{"jsonrpc":"2.0","id":"1","method":"ping"}`},
			{SenderServer, `{"jsonrpc":"2.0","id":"\u0031","result":{}}`},
			{SenderServer, `{"jsonrpc":"2.0","id":1.0,"result":{}}`},
		}, want: []linked{none(KindRequest), none(KindRequest), {KindResponse, 4, -1, -1}, {KindResponse, 3, -1, -1}}},
		{name: "a second response answers nothing", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{SenderServer, `{"jsonrpc":"2.0","id":1,"result":{}}`},
			{SenderServer, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}, want: []linked{none(KindRequest), {KindResponse, 3, -1, -1}, none(KindResponse)},
			codes: []string{"session.response.already-answered"}},
		{name: "a response after the cancellation still answers", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{SenderClient, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`},
			{SenderServer, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}, want: []linked{none(KindRequest), {KindNotification, -1, -1, 3}, {KindResponse, 3, -1, -1}},
			codes: []string{"session.response.after-cancel"}},
		{name: "an error with id null answers what could not be read", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping",}`},
			{SenderServer, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`},
		}, want: []linked{none(KindInvalid), {KindError, 3, -1, -1}}},
		// The receiver could not read a notification written with the
		// wrong version: its error with id null answers it, and is no
		// reply to a notification.
		{name: "an error with id null answers a notification it could not read", msgs: []msg{
			{SenderClient, `{"jsonrpc":"1.0","method":"notifications/roots/list_changed"}`},
			{SenderServer, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}`},
		}, want: []linked{none(KindInvalid), {KindError, 3, -1, -1}}},
		{name: "an error with an id answers a message that was no request", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":"x","method":["ping"]}`},
			{SenderServer, `{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"Invalid Request"}}`},
		}, want: []linked{none(KindInvalid), {KindError, 3, -1, -1}}},
		{name: "a response of the requester's own side answers nothing", msgs: []msg{
			{SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{SenderClient, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}, want: []linked{none(KindRequest), none(KindResponse)}, codes: []string{"session.response.wrong-side"}},
		{name: "live, a response before its request answers nothing", msgs: []msg{
			{SenderServer, `{"jsonrpc":"2.0","id":9,"result":{}}`},
			{SenderClient, `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
		}, want: []linked{none(KindResponse), none(KindRequest)}},
		{name: "merged logs, a response before its request answers it", late: true, msgs: []msg{
			{SenderServer, `{"jsonrpc":"2.0","id":9,"result":{}}`},
			{SenderClient, `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
			{SenderClient, `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
		}, want: []linked{none(KindResponse), {KindRequest, -1, 3, -1}, none(KindRequest)},
			codes: []string{"session.id.reused"}},
		{name: "merged logs, a response of an unknown sender answers one request", late: true, msgs: []msg{
			{SenderUnknown, `{"jsonrpc":"2.0","id":9,"result":{}}`},
			{SenderClient, `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
			{SenderServer, `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
		}, want: []linked{none(KindResponse), {KindRequest, -1, 3, -1}, none(KindRequest)}},
		{name: "an unknown sender answers the side that waits", msgs: []msg{
			{SenderServer, `{"jsonrpc":"2.0","id":4,"method":"ping"}`},
			{SenderUnknown, `{"jsonrpc":"2.0","id":4,"result":{}}`},
		}, want: []linked{none(KindRequest), {KindResponse, 3, -1, -1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSession(SessionOptions{LateRequests: tt.late})
			var got []linked
			var last Report
			for _, m := range append(slices.Clone(handshake), tt.msgs...) {
				rep, l := s.Place([]byte(m.raw), m.from)
				got = append(got, linked{l.Envelope.Kind, l.Answers, l.AnsweredBy, l.Cancels})
				last = rep
			}
			if diff := cmp.Diff(append(slices.Clone(hs), tt.want...), got); diff != "" {
				t.Errorf("links (-want +got):\n%s", diff)
			}
			codes := []string{}
			for _, d := range last.Diagnostics {
				if len(d.Code) > 8 && d.Code[:8] == "session." {
					codes = append(codes, d.Code)
				}
			}
			if tt.codes == nil {
				tt.codes = []string{}
			}
			if diff := cmp.Diff(tt.codes, codes); diff != "" {
				t.Errorf("session codes of the last message (-want +got):\n%s", diff)
			}
		})
	}
}

// Answering and Waiting read the pairs without recording anything.
func TestAnsweringWaiting(t *testing.T) {
	s := NewSession(SessionOptions{Partial: true})
	s.Add([]byte(`{"jsonrpc":"2.0","id":"a","method":"roots/list"}`), SenderServer)
	s.Add([]byte(`{"jsonrpc":"2.0","id":"b","method":"sampling/createMessage","params":{}}`), SenderServer)
	s.Add([]byte(`{"jsonrpc":"2.0","id":"c","method":"elicitation/create","params":{}}`), SenderServer)
	s.Add([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c"}}`), SenderServer)
	reply := []byte(`{"jsonrpc":"2.0","id":"b","result":{}}`)
	if i, ok := s.Answering(reply, SenderClient); !ok || i != 1 {
		t.Errorf("Answering = %d %v, want 1", i, ok)
	}
	if i, ok := s.Answering(reply, SenderServer); ok {
		t.Errorf("a reply of the server's own side answers %d", i)
	}
	if diff := cmp.Diff([]int{0, 1}, s.Waiting(SenderServer)); diff != "" {
		t.Errorf("Waiting (-want +got):\n%s", diff)
	}
	s.Add(reply, SenderClient)
	if diff := cmp.Diff([]int{0}, s.Waiting(SenderServer)); diff != "" {
		t.Errorf("Waiting after the reply (-want +got):\n%s", diff)
	}
	if len(s.Waiting(SenderClient)) != 0 || s.Waiting(SenderUnknown) != nil {
		t.Errorf("the client waits for %v, nobody for %v", s.Waiting(SenderClient), s.Waiting(SenderUnknown))
	}
}
