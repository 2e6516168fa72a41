-- The instructor's dashboard refreshes every few seconds during a workshop.
-- The most frequent problems per exercise are counted by learner over the
-- failed attempts only: a covering index, so the count reads the index alone
-- instead of the attempts table.
CREATE INDEX attempts_problems ON attempts(exercise_id, first_problem, learner_id)
    WHERE passed = 0 AND first_problem <> '';
