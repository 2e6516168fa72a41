package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
)

// Engine names the database a store runs on.
type Engine string

// The two engines: SQLite (embedded, the default) and PostgreSQL (for
// several instances on one database).
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// EngineOf tells which engine a -db value selects: a postgres:// or
// postgresql:// URL is PostgreSQL, anything else is a SQLite file.
func EngineOf(dsn string) Engine {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return Postgres
	}
	return SQLite
}

// db is a connection pool whose queries are written once, with SQLite's
// placeholders (? and ?N), and rebound for the engine: the store's SQL is
// portable except where a function says otherwise.
type db struct {
	pool   *sql.DB
	engine Engine
}

// txn is a transaction of a db, rebinding the same way.
type txn struct {
	tx     *sql.Tx
	engine Engine
}

func (d *db) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return d.pool.QueryRowContext(ctx, rebind(d.engine, q), args...)
}

func (d *db) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.pool.QueryContext(ctx, rebind(d.engine, q), args...)
}

func (d *db) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return d.pool.ExecContext(ctx, rebind(d.engine, q), args...)
}

// BeginTx starts a transaction. A read-only one is a single snapshot on
// both engines: SQLite's transactions always are, PostgreSQL's need
// REPEATABLE READ.
func (d *db) BeginTx(ctx context.Context, opts *sql.TxOptions) (*txn, error) {
	if d.engine == Postgres && opts != nil && opts.ReadOnly {
		opts = &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
	}
	t, err := d.pool.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &txn{tx: t, engine: d.engine}, nil
}

func (t *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, rebind(t.engine, q), args...)
}

func (t *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, rebind(t.engine, q), args...)
}

func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, rebind(t.engine, q), args...)
}

func (t *txn) Commit() error   { return t.tx.Commit() }
func (t *txn) Rollback() error { return t.tx.Rollback() }

// rebound caches PostgreSQL's text of each query: the store has a few
// dozen, each rebound once.
var rebound sync.Map

// rebind turns SQLite placeholders into PostgreSQL's: "?" becomes the next
// "$n", "?N" becomes "$N". The store's queries hold no "?" inside string
// literals, which keeps this a plain scan.
func rebind(e Engine, q string) string {
	if e != Postgres {
		return q
	}
	if v, ok := rebound.Load(q); ok {
		return v.(string)
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] != '?' {
			b.WriteByte(q[i])
			continue
		}
		j := i + 1
		for j < len(q) && q[j] >= '0' && q[j] <= '9' {
			j++
		}
		b.WriteByte('$')
		if j > i+1 {
			b.WriteString(q[i+1 : j])
		} else {
			n++
			b.WriteString(strconv.Itoa(n))
		}
		i = j - 1
	}
	out := b.String()
	rebound.Store(q, out)
	return out
}
