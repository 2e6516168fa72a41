-- A learner may continue on another device with their resume code: each
-- adopting device gets its own token, so adopting never logs out the first
-- one. learners.token_hash stays the token of the device that created the
-- learner; this table holds the others.
CREATE TABLE learner_tokens (
    token_hash  BLOB    PRIMARY KEY,
    learner_id  INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL -- Unix milliseconds
) WITHOUT ROWID;
CREATE INDEX learner_tokens_learner ON learner_tokens(learner_id);

-- Every attempt is kept, answer text included: the instructor's dashboard
-- and exports replay them, and a learner's history is never rewritten.
CREATE TABLE attempts (
    id            INTEGER PRIMARY KEY,
    learner_id    INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    exercise_id   TEXT    NOT NULL,
    answer        TEXT    NOT NULL,
    passed        INTEGER NOT NULL CHECK (passed IN (0, 1)),
    hints_used    INTEGER NOT NULL DEFAULT 0,
    -- first_problem is the code of the first blocking diagnostic or the id
    -- of the first failed check, '' on a pass: enough to count the most
    -- common mistakes without grading every answer again.
    first_problem TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL -- Unix milliseconds
);
-- The learner's last attempt at an exercise, and their history.
CREATE INDEX attempts_learner_exercise ON attempts(learner_id, exercise_id, id);
-- Per-exercise statistics for the instructor.
CREATE INDEX attempts_exercise ON attempts(exercise_id, id);

-- The best status per learner and exercise, kept up to date in the same
-- transaction as each attempt so pages never aggregate the attempts table.
CREATE TABLE exercise_progress (
    learner_id       INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    exercise_id      TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('started', 'failed', 'passed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    -- failed_attempts counts the failures before the first pass: it unlocks
    -- the solution after the number the instructor chose.
    failed_attempts  INTEGER NOT NULL DEFAULT 0,
    hints_revealed   INTEGER NOT NULL DEFAULT 0,
    first_attempt_at INTEGER,
    passed_at        INTEGER,
    updated_at       INTEGER NOT NULL,
    PRIMARY KEY (learner_id, exercise_id)
) WITHOUT ROWID;
CREATE INDEX exercise_progress_exercise ON exercise_progress(exercise_id, status);

CREATE INDEX lessons_read_lesson ON lessons_read(lesson_slug);
