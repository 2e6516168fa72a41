-- LTI 1.3 Advantage (internal/lti): the platforms (LMSs) registered, the
-- tool's own signing keys, the nonces already used, each LMS course (a
-- context: a room of its own), who launched from it, the gradebook columns
-- a learner's launches carry, and the scores waiting to leave.

CREATE TABLE lti_platforms (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    issuer      TEXT    NOT NULL,
    client_id   TEXT    NOT NULL,
    auth_url    TEXT    NOT NULL,
    token_url   TEXT    NOT NULL,
    jwks_url    TEXT    NOT NULL,
    created_at  INTEGER NOT NULL, -- Unix milliseconds
    UNIQUE (issuer, client_id)
);
CREATE TABLE lti_deployments (
    platform_id   INTEGER NOT NULL REFERENCES lti_platforms(id) ON DELETE CASCADE,
    deployment_id TEXT    NOT NULL,
    PRIMARY KEY (platform_id, deployment_id)
) WITHOUT ROWID;

-- The tool's RSA keys (PKCS#8 PEM): the newest signs, every one kept is
-- published at /lti/jwks so a platform's cached copy still verifies.
CREATE TABLE lti_keys (
    kid         TEXT    PRIMARY KEY,
    private_pem TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- Nonces of id_tokens already accepted: a replayed launch is refused.
CREATE TABLE lti_nonces (
    nonce       TEXT    PRIMARY KEY,
    expires_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX lti_nonces_expiry ON lti_nonces(expires_at);

-- An LMS course: a room with its roster, gradebook and dashboard.
CREATE TABLE lti_contexts (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    platform_id     INTEGER NOT NULL REFERENCES lti_platforms(id) ON DELETE CASCADE,
    context_id      TEXT    NOT NULL,
    title           TEXT    NOT NULL DEFAULT '',
    memberships_url TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    UNIQUE (platform_id, context_id)
);

-- A learner is (platform, sub): the same person in any browser.
CREATE TABLE lti_users (
    platform_id INTEGER NOT NULL REFERENCES lti_platforms(id) ON DELETE CASCADE,
    sub         TEXT    NOT NULL,
    learner_id  INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    PRIMARY KEY (platform_id, sub)
) WITHOUT ROWID;
CREATE INDEX lti_users_learner ON lti_users(learner_id);

-- Who belongs to which course, with their role there.
CREATE TABLE lti_members (
    context_ref INTEGER NOT NULL REFERENCES lti_contexts(id) ON DELETE CASCADE,
    learner_id  INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    instructor  INTEGER NOT NULL DEFAULT 0 CHECK (instructor IN (0, 1)),
    PRIMARY KEY (context_ref, learner_id)
) WITHOUT ROWID;
CREATE INDEX lti_members_learner ON lti_members(learner_id);

-- A gradebook column (AGS line item) a learner's launch carried, and what
-- it grades: an exercise (kind 'exercise') or an assignment.
CREATE TABLE lti_links (
    learner_id   INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lineitem_url TEXT    NOT NULL,
    platform_id  INTEGER NOT NULL REFERENCES lti_platforms(id) ON DELETE CASCADE,
    sub          TEXT    NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('exercise', 'assignment')),
    target       TEXT    NOT NULL,
    PRIMARY KEY (learner_id, lineitem_url)
) WITHOUT ROWID;

-- The outbox: one row per (line item, user), the latest score. sent_at is
-- NULL until the platform took it; next_at is when to try again.
CREATE TABLE lti_scores (
    platform_id  INTEGER NOT NULL REFERENCES lti_platforms(id) ON DELETE CASCADE,
    lineitem_url TEXT    NOT NULL,
    sub          TEXT    NOT NULL,
    score_given  REAL    NOT NULL,
    score_max    REAL    NOT NULL,
    scored_at    INTEGER NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,
    next_at      INTEGER NOT NULL,
    sent_at      INTEGER,
    last_error   TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (platform_id, lineitem_url, sub)
) WITHOUT ROWID;
CREATE INDEX lti_scores_due ON lti_scores(next_at) WHERE sent_at IS NULL;
