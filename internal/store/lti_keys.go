package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// LTIKey is one of the tool's signing keys: its key id and its private key
// (PKCS#8, PEM).
type LTIKey struct {
	KID        string
	PrivatePEM string
	CreatedAt  time.Time
}

// ErrNonceUsed is returned when a launch's nonce was already accepted.
var ErrNonceUsed = errors.New("nonce already used")

// LTIKeys lists the tool's keys, the newest (the one that signs) first.
func (s *Store) LTIKeys(ctx context.Context) ([]LTIKey, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT kid, private_pem, created_at FROM lti_keys ORDER BY created_at DESC, kid`)
	if err != nil {
		return nil, fmt.Errorf("read LTI keys: %w", err)
	}
	defer rows.Close()
	var out []LTIKey
	for rows.Next() {
		var k LTIKey
		var ms int64
		if err := rows.Scan(&k.KID, &k.PrivatePEM, &ms); err != nil {
			return nil, fmt.Errorf("read LTI keys: %w", err)
		}
		k.CreatedAt = time.UnixMilli(ms)
		out = append(out, k)
	}
	return out, rows.Err()
}

// AddLTIKey stores a new key, which signs from now on, and forgets all but
// the keep newest ones (keep < 1 keeps them all). With onlyFirst, it adds
// nothing when a key exists already: instances that start together on one
// database make one key, not one each.
func (s *Store) AddLTIKey(ctx context.Context, k LTIKey, keep int, onlyFirst bool) error {
	err := s.inTx(ctx, func(tx *txn) error {
		if onlyFirst {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM lti_keys`).Scan(&n); err != nil || n > 0 {
				return err
			}
		}
		// A rotation in the same millisecond as the last key still comes after it.
		var last sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT max(created_at) FROM lti_keys`).Scan(&last); err != nil {
			return err
		}
		now := max(s.now().UnixMilli(), last.Int64+1)
		if _, err := tx.ExecContext(ctx, `INSERT INTO lti_keys(kid, private_pem, created_at) VALUES (?, ?, ?)`, k.KID, k.PrivatePEM, now); err != nil {
			return err
		}
		if keep < 1 {
			return nil
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM lti_keys WHERE kid NOT IN (SELECT kid FROM lti_keys ORDER BY created_at DESC, kid LIMIT ?)`, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("add LTI key: %w", err)
	}
	return nil
}

// UseLTINonce records a launch's nonce until it expires; a nonce seen
// before gives ErrNonceUsed. Expired nonces are forgotten on the way.
func (s *Store) UseLTINonce(ctx context.Context, nonce string, expires time.Time) error {
	var used bool
	err := s.inTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM lti_nonces WHERE expires_at < ?`, s.now().UnixMilli()); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO lti_nonces(nonce, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING`, nonce, expires.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		used = n == 0
		return err
	})
	if err != nil {
		return fmt.Errorf("record LTI nonce: %w", err)
	}
	if used {
		return ErrNonceUsed
	}
	return nil
}
