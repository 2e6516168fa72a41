CREATE INDEX lessons_read_lesson ON lessons_read(lesson_slug);
-- The most frequent problems per exercise, counted by learner over the
-- failed attempts only (see the SQLite migration).
CREATE INDEX attempts_problems ON attempts(exercise_id, first_problem, learner_id)
    WHERE passed = 0 AND first_problem <> '';
