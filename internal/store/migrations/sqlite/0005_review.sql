-- Review keyed to mistakes (internal/review). Plain standard SQL, so that
-- every engine the store runs on accepts it as written.

-- The diagnostic codes (or, for choice exercises, the failed checks) each
-- attempt tripped.
CREATE TABLE attempt_codes (
    attempt_id BIGINT NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    code       VARCHAR(100) NOT NULL,
    PRIMARY KEY (attempt_id, code)
);

-- Each learner's exercises due for review, in Leitner boxes.
CREATE TABLE reviews (
    learner_id  BIGINT       NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    exercise_id VARCHAR(200) NOT NULL,
    box         INTEGER      NOT NULL CHECK (box >= 1),
    due_at      BIGINT       NOT NULL, -- Unix milliseconds
    codes       VARCHAR(2000) NOT NULL DEFAULT '', -- space-separated, sorted
    hints_seen  INTEGER      NOT NULL DEFAULT 0,
    PRIMARY KEY (learner_id, exercise_id)
);
CREATE INDEX reviews_due ON reviews(learner_id, due_at);
