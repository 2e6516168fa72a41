package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// ContentLease is how long an instance's claim on the database's content
// lasts without being renewed: an instance renews it every third of it
// while it serves, and withdraws it when it stops, so a restart with
// changed content is not refused, but a second instance with other
// content beside a running one is.
const ContentLease = 90 * time.Second

// ErrOtherContent is returned when another instance serves different
// content on this database.
var ErrOtherContent = errors.New("another instance serves different content on this database")

// contentPrefix names each instance's claim in the settings table:
// "content:" and the instance's random id.
const contentPrefix = "content:"

// ContentClaim is one instance's claim on the database's content.
type ContentClaim struct {
	name, fp string
}

// ClaimContent records that a new instance serves the content whose
// fingerprint is fp. It is refused with ErrOtherContent while another
// instance's claim on other content is alive (renewed within
// ContentLease); lapsed claims are dropped.
func (s *Store) ClaimContent(ctx context.Context, fp string, now time.Time) (*ContentClaim, error) {
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, fmt.Errorf("claim the content: %w", err)
	}
	c := &ContentClaim{name: contentPrefix + hex.EncodeToString(id[:]), fp: fp}
	if err := s.RenewContent(ctx, c, now); err != nil {
		return nil, err
	}
	return c, nil
}

// RenewContent renews an instance's claim, refused as ClaimContent is.
func (s *Store) RenewContent(ctx context.Context, c *ContentClaim, now time.Time) error {
	err := s.inTx(ctx, func(tx *txn) error {
		if err := lockFor(ctx, tx, lockNames); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM settings WHERE name LIKE 'content:%' AND updated_at < ?`, now.Add(-ContentLease).UnixMilli()); err != nil {
			return err
		}
		var other string
		var at int64
		err := tx.QueryRowContext(ctx, `SELECT value, updated_at FROM settings WHERE name LIKE 'content:%' AND name <> ? AND value <> ? ORDER BY updated_at DESC LIMIT 1`, c.name, c.fp).Scan(&other, &at)
		if err == nil {
			return fmt.Errorf("%w (content %.12s, renewed %s ago; this instance has %.12s): start every instance with the same -content and -content-mode, or stop the others first", ErrOtherContent, other, now.Sub(time.UnixMilli(at)).Round(time.Second), c.fp)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO settings(name, value, updated_at) VALUES (?, ?, ?)
			ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			c.name, c.fp, now.UnixMilli())
		return err
	})
	if errors.Is(err, ErrOtherContent) {
		return err
	}
	if err != nil {
		return fmt.Errorf("claim the content: %w", err)
	}
	return nil
}

// ReleaseContent withdraws an instance's claim when it stops: the next
// start may bring other content at once.
func (s *Store) ReleaseContent(ctx context.Context, c *ContentClaim) error {
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM settings WHERE name = ?`, c.name)
		return err
	})
	if err != nil {
		return fmt.Errorf("release the content: %w", err)
	}
	return nil
}
