-- What several instances on one database must share, and what a health
-- check writes to (see the SQLite migration).
CREATE TABLE instructor_sessions (
    id_hash     BYTEA   PRIMARY KEY,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX instructor_sessions_expiry ON instructor_sessions(expires_at);

CREATE TABLE secrets (
    name        TEXT    PRIMARY KEY,
    value       BYTEA   NOT NULL,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE health (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    probed_at  BIGINT  NOT NULL
);
INSERT INTO health(id, probed_at) VALUES (1, 0);
