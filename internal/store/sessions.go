package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MaxSecretBytes bounds a secret's size.
const MaxSecretBytes = 1024

// Secret returns the secret called name, creating it from n random bytes
// the first time. Every instance on the database gets the same value, so
// what one signs the others accept: an instructor's cookie, the gift
// server's requestState.
func (s *Store) Secret(ctx context.Context, name string, n int) ([]byte, error) {
	if n <= 0 || n > MaxSecretBytes {
		return nil, fmt.Errorf("secret %s: size %d out of 1..%d", name, n, MaxSecretBytes)
	}
	fresh := make([]byte, n)
	_, _ = rand.Read(fresh)
	var v []byte
	err := s.inTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO secrets(name, value, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING`,
			name, fresh, s.now().UnixMilli()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	})
	if err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	return v, nil
}

// CreateInstructorSession records a session by the SHA-256 of its id,
// valid until expires, and forgets the sessions that have expired.
func (s *Store) CreateInstructorSession(ctx context.Context, idHash []byte, now, expires time.Time) error {
	err := s.inTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM instructor_sessions WHERE expires_at <= ?`, now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO instructor_sessions(id_hash, created_at, expires_at) VALUES (?, ?, ?)`,
			idHash, now.UnixMilli(), expires.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("create instructor session: %w", err)
	}
	return nil
}

// InstructorSessionValid reports whether the session exists and has not
// expired at now.
func (s *Store) InstructorSessionValid(ctx context.Context, idHash []byte, now time.Time) (bool, error) {
	var exp int64
	err := s.read.QueryRowContext(ctx, `SELECT expires_at FROM instructor_sessions WHERE id_hash = ?`, idHash).Scan(&exp)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("check instructor session: %w", err)
	}
	return now.UnixMilli() < exp, nil
}

// RevokeInstructorSession ends a session on every instance (logout).
func (s *Store) RevokeInstructorSession(ctx context.Context, idHash []byte) error {
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM instructor_sessions WHERE id_hash = ?`, idHash)
		return err
	})
	if err != nil {
		return fmt.Errorf("revoke instructor session: %w", err)
	}
	return nil
}
