-- Learner ids are never reused, after a reset, a delete or a restart: an
-- id names one person for ever (the console registry, exports and
-- archives key on it). An INTEGER PRIMARY KEY without AUTOINCREMENT hands
-- out max(id)+1, so an emptied table starts again at 1; SQLite cannot add
-- AUTOINCREMENT to an existing table, so ids come from this one, whose
-- counter (sqlite_sequence) only grows. It starts past every learner kept.
CREATE TABLE learner_ids (
    id INTEGER PRIMARY KEY AUTOINCREMENT
);
INSERT INTO sqlite_sequence(name, seq) SELECT 'learner_ids', coalesce(max(id), 0) FROM learners;
