-- Learners are anonymous: the browser holds a random token, the database
-- only its SHA-256, so a copied database cannot be used to impersonate anyone.
CREATE TABLE learners (
    id            INTEGER PRIMARY KEY,
    token_hash    BLOB    NOT NULL UNIQUE,
    resume_code   TEXT    NOT NULL UNIQUE,
    display_name  TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL, -- Unix milliseconds
    last_seen_at  INTEGER NOT NULL
);

CREATE TABLE lessons_read (
    learner_id  INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lesson_slug TEXT    NOT NULL,
    read_at     INTEGER NOT NULL,
    PRIMARY KEY (learner_id, lesson_slug)
) WITHOUT ROWID;
