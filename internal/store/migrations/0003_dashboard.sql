-- The instructor's dashboard refreshes every few seconds during a workshop;
-- these indexes keep its two attempt queries from scanning the whole table.

-- "Stuck" learners: failures in the last minutes.
CREATE INDEX attempts_created ON attempts(created_at);

-- The most frequent problems per exercise, counted by learner: a covering
-- index over failed attempts only, so the count reads the index alone.
CREATE INDEX attempts_problems ON attempts(exercise_id, first_problem, learner_id)
    WHERE passed = 0 AND first_problem <> '';
