package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LTIPlatform is an LMS registered for LTI 1.3: the issuer and the client id
// it gave the playground, its OIDC authorisation, token and key-set URLs,
// and the deployments of the tool it made.
type LTIPlatform struct {
	ID          int64
	Issuer      string
	ClientID    string
	AuthURL     string
	TokenURL    string
	JWKSURL     string
	Deployments []string
}

// ErrAmbiguousPlatform is returned when an issuer names several platforms
// and no client id says which.
var ErrAmbiguousPlatform = errors.New("several platforms have this issuer: the client id is needed")

// SaveLTIPlatform registers a platform, or updates the URLs of the one with
// the same issuer and client id and adds the deployments it lacks. It
// returns the platform as stored.
func (s *Store) SaveLTIPlatform(ctx context.Context, p LTIPlatform) (LTIPlatform, error) {
	err := s.inTx(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO lti_platforms(issuer, client_id, auth_url, token_url, jwks_url, created_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT(issuer, client_id) DO UPDATE SET auth_url = excluded.auth_url, token_url = excluded.token_url, jwks_url = excluded.jwks_url
			RETURNING id`, p.Issuer, p.ClientID, p.AuthURL, p.TokenURL, p.JWKSURL, s.now().UnixMilli()).Scan(&p.ID)
		if err != nil {
			return err
		}
		for _, d := range p.Deployments {
			if _, err := tx.ExecContext(ctx, `INSERT INTO lti_deployments(platform_id, deployment_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, p.ID, d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return LTIPlatform{}, fmt.Errorf("save LTI platform %s: %w", p.Issuer, err)
	}
	return s.LTIPlatformByID(ctx, p.ID)
}

const ltiPlatformColumns = `id, issuer, client_id, auth_url, token_url, jwks_url`

func (s *Store) scanPlatforms(ctx context.Context, where string, args ...any) ([]LTIPlatform, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+ltiPlatformColumns+` FROM lti_platforms p `+where+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	var out []LTIPlatform
	for rows.Next() {
		var p LTIPlatform
		if err := rows.Scan(&p.ID, &p.Issuer, &p.ClientID, &p.AuthURL, &p.TokenURL, &p.JWKSURL); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Deployments, err = s.deployments(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Store) deployments(ctx context.Context, platform int64) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT deployment_id FROM lti_deployments WHERE platform_id = ? ORDER BY deployment_id`, platform)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// LTIPlatforms lists the registered platforms, oldest first.
func (s *Store) LTIPlatforms(ctx context.Context) ([]LTIPlatform, error) {
	ps, err := s.scanPlatforms(ctx, ``)
	if err != nil {
		return nil, fmt.Errorf("list LTI platforms: %w", err)
	}
	return ps, nil
}

// LTIPlatformByID finds a platform by its id.
func (s *Store) LTIPlatformByID(ctx context.Context, id int64) (LTIPlatform, error) {
	ps, err := s.scanPlatforms(ctx, `WHERE id = ?`, id)
	if err != nil {
		return LTIPlatform{}, fmt.Errorf("find LTI platform %d: %w", id, err)
	}
	if len(ps) == 0 {
		return LTIPlatform{}, ErrNotFound
	}
	return ps[0], nil
}

// LTIPlatformFor finds the platform of an issuer and client id; with an
// empty client id, the issuer's only platform (ErrAmbiguousPlatform if it
// has several).
func (s *Store) LTIPlatformFor(ctx context.Context, issuer, clientID string) (LTIPlatform, error) {
	where, args := `WHERE issuer = ?`, []any{issuer}
	if clientID != "" {
		where, args = where+` AND client_id = ?`, append(args, clientID)
	}
	ps, err := s.scanPlatforms(ctx, where, args...)
	switch {
	case err != nil:
		return LTIPlatform{}, fmt.Errorf("find LTI platform %s: %w", issuer, err)
	case len(ps) == 0:
		return LTIPlatform{}, ErrNotFound
	case len(ps) > 1:
		return LTIPlatform{}, ErrAmbiguousPlatform
	}
	return ps[0], nil
}

// RemoveLTIPlatform forgets a platform: its deployments, courses, links and
// waiting scores. Its learners stay, with their progress, in the default
// room. Removing an unknown platform gives ErrNotFound.
func (s *Store) RemoveLTIPlatform(ctx context.Context, id int64) error {
	err := s.inTx(ctx, func(tx *txn) error {
		for _, q := range []string{
			`DELETE FROM lti_scores WHERE platform_id = ?`,
			`DELETE FROM lti_links WHERE platform_id = ?`,
			`DELETE FROM lti_members WHERE context_ref IN (SELECT id FROM lti_contexts WHERE platform_id = ?)`,
			`DELETE FROM lti_contexts WHERE platform_id = ?`,
			`DELETE FROM lti_users WHERE platform_id = ?`,
			`DELETE FROM lti_deployments WHERE platform_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM lti_platforms WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("remove LTI platform %d: %w", id, err)
	}
	return nil
}

// errNoRows maps sql.ErrNoRows to ErrNotFound.
func errNoRows(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
