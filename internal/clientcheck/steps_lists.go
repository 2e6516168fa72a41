package clientcheck

import (
	"context"
)

// stepPages: the client follows nextCursor to the last page of tools/list.
func stepPages(r *runner, ctx context.Context, sr *stepRun) {
	r.followPages(ctx, sr, nil)
}

// followPages reads a whole tools/list, from its first page (g, or the
// next tools/list) to its last.
func (r *runner) followPages(ctx context.Context, sr *stepRun, g *got) {
	if g == nil {
		g = r.expect(ctx, sr, request("tools/list"))
	}
	if g == nil {
		r.missing(sr, "`tools/list`")
		return
	}
	sr.about(g)
	if c := g.at("/params/cursor"); c != nil {
		sr.problem(keyFirstPageCursor, c.Raw)
	}
	next, _ := r.toolsList(g, sr)
	for next != "" {
		g = r.expect(ctx, sr, request(""))
		if g == nil {
			r.missing(sr, "`tools/list` "+quote(next))
			sr.lookAt(keyLookCursor)
			return
		}
		c := g.at("/params/cursor")
		switch {
		case g.method != "tools/list" && g.method != "ping":
			sr.problem(keyCursorNotFollowed, next, g.label())
			sr.lookAt(keyLookCursor)
			r.leave(g)
			return
		case g.method == "ping":
			r.handle(g, sr)
			continue
		case c == nil:
			sr.problem(keyCursorRestart, next)
			sr.lookAt(keyLookCursor)
		case c.Str != next:
			sr.problem(keyCursorWrong, c.Raw, next)
			sr.lookAt(keyLookCursor)
		}
		sr.about(g)
		if n, ok := r.toolsList(g, sr); ok {
			next = n
		}
	}
}

// stepUnlock: the client calls unlock_gift_wrapping (on the second page);
// the server sends notifications/tools/list_changed before the result.
func stepUnlock(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` unlock_gift_wrapping")
		return
	}
	sr.about(g)
	r.checkCall(g, sr, "unlock_gift_wrapping")
	r.callTool(g, sr)
}

// stepRelist: after notifications/tools/list_changed the client lists the
// tools again, from the first page to the last.
func stepRelist(r *runner, ctx context.Context, sr *stepRun) {
	if !r.unlocked {
		sr.problem(keyNotUnlocked)
		return
	}
	g := r.expect(ctx, sr, request(""))
	if g == nil {
		r.missing(sr, "`tools/list`")
		sr.lookAt(keyLookRelist)
		return
	}
	if g.method != "tools/list" {
		r.leave(g)
		sr.problem(keyNoRelist, g.label())
		sr.lookAt(keyLookRelist)
		return
	}
	r.followPages(ctx, sr, g)
}

// stepCallNewTool: the client calls wrap_gift, which the new list shows.
func stepCallNewTool(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` wrap_gift")
		return
	}
	sr.about(g)
	r.checkCall(g, sr, "wrap_gift")
	r.callTool(g, sr)
}
