package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

func openPostgres(ctx context.Context, dsn string, o Options) (*Store, error) {
	shown := redactDSN(dsn)
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", shown, err)
	}
	pool.SetMaxOpenConns(o.MaxConns)
	pool.SetMaxIdleConns(o.MaxConns)
	pool.SetConnMaxIdleTime(o.MaxIdleTime)
	// Connections are renewed now and then, so that a failover or a
	// pooler in front of the database spreads them again.
	pool.SetConnMaxLifetime(time.Hour)
	d := &db{pool: pool, engine: Postgres}
	s := &Store{read: d, write: d, engine: Postgres, path: shown, clock: o.Clock}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.PingContext(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	return s, nil
}

// redactDSN drops the password from a postgres:// URL, for logs.
func redactDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	return u.Redacted()
}

// postgresLock serialises, across every instance on the database, the few
// writes that check before they write (unique display names, migrations).
const (
	lockMigrate = 7_262_001
	lockNames   = 7_262_002
)

// lockFor takes a transaction-scoped advisory lock on PostgreSQL; SQLite's
// transactions are already serialised by the one write connection.
func lockFor(ctx context.Context, t *txn, key int64) error {
	if t.engine != Postgres {
		return nil
	}
	_, err := t.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, key)
	return err
}
