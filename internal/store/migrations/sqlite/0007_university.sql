-- A course a university can grade: rooms archived instead of erased, a
-- roster of students with the university's ids, assignments with due
-- times and extensions, and the version of the exercise each attempt was
-- graded against.

-- A workshop reset archives the room: its learners get the archive's id
-- and leave the current room (archive_id NULL), with everything they did.
CREATE TABLE archives (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at  INTEGER NOT NULL -- Unix milliseconds
);
ALTER TABLE learners ADD COLUMN archive_id INTEGER REFERENCES archives(id);
-- A roster student: the university's id and e-mail ('' for a learner who
-- joined by the room's code and chose a name).
ALTER TABLE learners ADD COLUMN student_id TEXT NOT NULL DEFAULT '';
ALTER TABLE learners ADD COLUMN email TEXT NOT NULL DEFAULT '';
CREATE INDEX learners_archive ON learners(archive_id);
CREATE UNIQUE INDEX learners_student ON learners(student_id) WHERE student_id <> '' AND archive_id IS NULL;

-- late: sent after the learner's due time of every assignment holding the
-- exercise. exercise_version: the hash of the exercise's checks, starter
-- and solutions it was graded against ('' before versions were kept).
ALTER TABLE attempts ADD COLUMN late INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0, 1));
ALTER TABLE attempts ADD COLUMN exercise_version TEXT NOT NULL DEFAULT '';

CREATE TABLE assignments (
    id          TEXT    PRIMARY KEY,
    title       TEXT    NOT NULL,
    due_at      INTEGER NOT NULL, -- Unix milliseconds
    created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE assignment_exercises (
    assignment_id TEXT    NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
    exercise_id   TEXT    NOT NULL,
    position      INTEGER NOT NULL,
    PRIMARY KEY (assignment_id, exercise_id)
) WITHOUT ROWID;
CREATE INDEX assignment_exercises_exercise ON assignment_exercises(exercise_id);
-- A student's own due time for one assignment.
CREATE TABLE extensions (
    assignment_id TEXT    NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
    learner_id    INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    due_at        INTEGER NOT NULL,
    PRIMARY KEY (assignment_id, learner_id)
) WITHOUT ROWID;

-- Settings every instance on the database must agree on (the content's
-- fingerprint).
CREATE TABLE settings (
    name        TEXT    PRIMARY KEY,
    value       TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
