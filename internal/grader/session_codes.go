package grader

// Conversation diagnostic codes (session*.go). They are explained in
// catalog.go with the others; the message texts use {value} for an id or a
// token, {method}, {field} for a capability and {extra} for the message an
// diagnostic refers to ("#3", counted from 1 as the timeline shows it).
const (
	codeSessIDReused          = "session.id.reused"
	codeSessIDPending         = "session.id.pending"
	codeSessBeforeInit        = "session.lifecycle.before-initialize"
	codeSessBeforeInitResult  = "session.lifecycle.before-initialize-result"
	codeSessBeforeInitialized = "session.lifecycle.before-initialized"
	codeSessInitAgain         = "session.lifecycle.initialize-again"
	codeSessInitializedEarly  = "session.lifecycle.initialized-early"
	codeSessInitializedNever  = "session.lifecycle.initialized-missing"
	codeSessRespUnknown       = "session.response.unknown-id"
	codeSessRespTwice         = "session.response.already-answered"
	codeSessRespWrongSide     = "session.response.wrong-side"
	codeSessRespAfterCancel   = "session.response.after-cancel"
	codeSessRespToNotif       = "session.response.to-notification"
	codeSessUnanswered        = "session.request.unanswered"
	codeSessCancelledOpen     = "session.request.cancelled-unanswered"
	codeSessProgUnknown       = "session.progress.unknown-token"
	codeSessProgAfterResp     = "session.progress.after-response"
	codeSessProgNotIncr       = "session.progress.not-increasing"
	codeSessProgTokenReused   = "session.progress.token-reused"
	codeSessCancelUnknown     = "session.cancel.unknown"
	codeSessCancelFinished    = "session.cancel.finished"
	codeSessCancelInit        = "session.cancel.initialize"
	codeSessCapServer         = "session.capability.server-undeclared"
	codeSessCapClient         = "session.capability.client-undeclared"
	codeSessCapNotification   = "session.capability.notification-undeclared"
	codeSessLimit             = "session.limit"
)

// layerSession ranks conversation diagnostics after everything a single
// message can show.
const layerSession = layerGrader + 1
