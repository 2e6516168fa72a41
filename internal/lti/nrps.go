package lti

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcpplayground/playground/internal/store"
)

// maxMembers bounds a roster read from a platform (pages included).
const maxMembers = 5000

// FillRoster reads a course's members from the platform's membership
// service (NRPS, scope contextmembership.readonly) and makes each a learner
// of the course's room. It returns how many learners it created.
func (s *Service) FillRoster(ctx context.Context, room store.LTIRoom) (int, error) {
	if room.MembershipsURL == "" {
		return 0, nil
	}
	p, err := s.store.LTIPlatformByID(ctx, room.PlatformID)
	if err != nil {
		return 0, err
	}
	var members []store.LTIMember
	next := room.MembershipsURL
	for page := 0; next != "" && page < 50 && len(members) < maxMembers; page++ {
		var ms []store.LTIMember
		if ms, next, err = s.membersPage(ctx, p, next); err != nil {
			return 0, fmt.Errorf("read the members of %s: %w", room.ContextID, err)
		}
		members = append(members, ms...)
	}
	return s.store.FillLTIRoster(ctx, room, members[:min(len(members), maxMembers)])
}

func (s *Service) membersPage(ctx context.Context, p store.LTIPlatform, url string) ([]store.LTIMember, string, error) {
	tok, err := s.accessToken(ctx, p, ScopeMemberships)
	if err != nil {
		return nil, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, "", err
	}
	req.Header.Set("Accept", MembershipType)
	req.Header.Set("Authorization", "Bearer "+tok)
	var reply struct {
		Members []struct {
			UserID     string   `json:"user_id"`
			Status     string   `json:"status"`
			Name       string   `json:"name"`
			GivenName  string   `json:"given_name"`
			FamilyName string   `json:"family_name"`
			Email      string   `json:"email"`
			Roles      []string `json:"roles"`
		} `json:"members"`
	}
	h, err := s.doH(req, &reply)
	if err != nil {
		return nil, "", err
	}
	next := nextLink(h.Values("Link"))
	var out []store.LTIMember
	for _, m := range reply.Members {
		if m.UserID == "" || (m.Status != "" && m.Status != "Active") {
			continue
		}
		name := m.Name
		if name == "" {
			name = m.GivenName + " " + m.FamilyName
		}
		out = append(out, store.LTIMember{
			User:       store.LTIUser{PlatformID: p.ID, Sub: m.UserID, Name: name, Email: m.Email},
			Instructor: Launch{Roles: m.Roles}.Instructor(),
		})
	}
	return out, next, nil
}

// nextLink is the URL of a Link header's rel="next" (NRPS paging).
func nextLink(values []string) string {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			target, params, ok := strings.Cut(strings.TrimSpace(part), ";")
			if ok && strings.Contains(strings.ReplaceAll(params, " ", ""), `rel="next"`) {
				return strings.Trim(strings.TrimSpace(target), "<>")
			}
		}
	}
	return ""
}
