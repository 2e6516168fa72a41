package lti

import (
	"context"
	"time"
)

// Item is a deep linking choice: a resource link to one of the
// playground's pages, with a gradebook column when it is graded.
type Item struct {
	Title  string
	URL    string            // absolute URL of the page on the playground
	Custom map[string]string // e.g. {"exercise": "ID"}
	// ScoreMaximum > 0 asks the platform for a line item (a gradebook
	// column) of that maximum, tagged with ResourceID.
	ScoreMaximum float64
	ResourceID   string
}

// DeepLinkResponse signs an LtiDeepLinkingResponse answering l (a deep
// linking request) with items; the browser posts it to the returned URL
// as the form field JWT.
func (s *Service) DeepLinkResponse(ctx context.Context, l Launch, items []Item) (returnURL, token string, err error) {
	now := s.clock.Now()
	content := make([]map[string]any, 0, len(items))
	for _, it := range items {
		c := map[string]any{"type": "ltiResourceLink", "title": it.Title, "url": it.URL}
		if len(it.Custom) > 0 {
			c["custom"] = it.Custom
		}
		if it.ScoreMaximum > 0 {
			c["lineItem"] = map[string]any{"scoreMaximum": it.ScoreMaximum, "label": it.Title, "resourceId": it.ResourceID}
		}
		content = append(content, c)
	}
	claims := map[string]any{
		"iss": l.Platform.ClientID, "aud": l.Platform.Issuer, "azp": l.Platform.ClientID,
		"iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(), "nonce": random(),
		ClaimDeploymentID: l.DeploymentID, ClaimMessageType: MessageDeepLinkingRes, ClaimVersion: "1.3.0",
		ClaimDLItems: content,
	}
	if l.DeepLink.Data != "" {
		claims[ClaimDLData] = l.DeepLink.Data
	}
	token, err = s.sign(ctx, claims)
	return l.DeepLink.ReturnURL, token, err
}
