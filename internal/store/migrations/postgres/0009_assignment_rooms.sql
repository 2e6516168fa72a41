-- Assignments belong to a room: an LMS course (course_ref, an lti_contexts
-- row) or, with course_ref NULL, the join-code workshop. Existing
-- assignments stay in the workshop; an assignment's extensions belong to
-- it, so to its room. Ids stay unique across rooms.
ALTER TABLE assignments ADD COLUMN course_ref BIGINT REFERENCES lti_contexts(id) ON DELETE CASCADE;
CREATE INDEX assignments_course ON assignments(course_ref);
