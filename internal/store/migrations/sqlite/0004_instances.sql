-- What several instances on one database must share, and what a health
-- check writes to.

-- Instructor sessions: the cookie holds a random id (and a signature), the
-- database its SHA-256 and expiry, so logout revokes a session everywhere
-- and a copied cookie dies with it.
CREATE TABLE instructor_sessions (
    id_hash     BLOB    PRIMARY KEY,
    created_at  INTEGER NOT NULL, -- Unix milliseconds
    expires_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX instructor_sessions_expiry ON instructor_sessions(expires_at);

-- Secrets created once per database (the cookie-signing key), so that every
-- instance signs and checks with the same one.
CREATE TABLE secrets (
    name        TEXT    PRIMARY KEY,
    value       BLOB    NOT NULL,
    created_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- One row that /healthz and the start-up check rewrite: a write that
-- fails here fails for a learner's answer too.
CREATE TABLE health (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    probed_at  INTEGER NOT NULL
);
INSERT INTO health(id, probed_at) VALUES (1, 0);
