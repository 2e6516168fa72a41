-- Learner ids are never reused (see the SQLite migration): on PostgreSQL
-- the identity's sequence already only grows, and the store draws ids from
-- it with nextval. Nothing to change; the number keeps both engines'
-- migrations in step.
SELECT 1;
