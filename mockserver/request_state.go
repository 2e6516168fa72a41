package mockserver

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strconv"
)

// requestState (2026-07-28). A stateless server keeps nothing between two
// requests, so what it needs to pick a call up again travels with the
// client: each input_required result carries a requestState, and the
// retry must send it back unchanged next to its inputResponses.
//
// The gift server's state is "<question>.<seal>": the key of the
// inputRequests entry it asked (preferences, card…), then the first 16
// bytes of an HMAC-SHA256, in unpadded base64url, of what the question
// was asked for: the method, the tool's name, its arguments (canonical
// JSON: members sorted, numbers as numbers), the question's key and the
// method of the question. The key is the Server's (Config.StateKey, or
// 32 random bytes drawn by New), so a client can neither forge a state
// nor move one to another call: the retry's state must be the one this
// server computes for the retry's own name and arguments. The same call
// gets the same state from the same Server, whichever session asks: the
// server remembers nothing.
//
// A retry that carries inputResponses without a requestState, or a
// requestState that is not a string or does not verify, is answered with
// -32602 and a message that says what to send instead.

// stateMACBytes is how much of the HMAC a state keeps: 128 bits.
const stateMACBytes = 16

// newStateKey draws a Server's key.
func newStateKey() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k) // crypto/rand.Read never fails (it panics first)
	return k
}

// The -32602 errors of a retry's requestState (french.go has them in
// French).
const (
	stateMissing  = `Invalid params: this retry carries "inputResponses" but no "requestState"; the retry must carry the requestState of the input_required result unchanged, next to inputResponses`
	stateNotText  = `Invalid params: "requestState" must be a string: the requestState of the input_required result, unchanged`
	stateMismatch = `Invalid params: this "requestState" is not the one the server sent for this call: it was changed, or it belongs to another call (another tool or other arguments); the retry must carry the requestState of the input_required result unchanged, with the same name and arguments`
)

// requestState is the state of call c when it asks the question key with
// method.
func (c *call) requestState(key, method string) string {
	mac := hmac.New(sha256.New, c.s.srv.stateKey)
	// Each part is preceded by its length: no two lists of parts give the
	// same input.
	for _, part := range []string{"mcpplayground requestState v1", c.r.m.method, c.t.name, canonicalArgs(c.args), key, method} {
		mac.Write(strconv.AppendInt(nil, int64(len(part)), 10))
		mac.Write([]byte{':'})
		mac.Write([]byte(part))
	}
	return key + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:stateMACBytes])
}

// canonicalArgs writes a call's arguments as canonical JSON: "{}" when
// there are none, members sorted, each value decoded and encoded again (so
// 40 and 40.0, or "é" and "\u00e9", are the same arguments).
func canonicalArgs(args params) string {
	v := make(map[string]any, len(args.fields))
	for _, f := range args.fields {
		var x any
		if json.Unmarshal(f.Value, &x) != nil {
			x = string(f.Value)
		}
		v[f.Name] = x
	}
	return string(marshal(v))
}

// retryState reads the requestState of a 2026-07-28 request that may be
// the retry of question key: ok is true when the request carries the
// state this server computes for it; false without a state when it
// carries none and no inputResponses either (the first call); otherwise
// the -32602 to answer.
func (c *call) retryState(key, method string, hasResponses bool) (ok bool, rerr *rpcError) {
	got, present, err := c.r.p.str("requestState", false)
	switch {
	case err != nil:
		return false, newError(CodeInvalidParams, stateNotText)
	case !present && hasResponses:
		return false, newError(CodeInvalidParams, stateMissing)
	case !present:
		return false, nil
	case !hmac.Equal([]byte(got), []byte(c.requestState(key, method))):
		return false, newError(CodeInvalidParams, stateMismatch)
	}
	return true, nil
}
