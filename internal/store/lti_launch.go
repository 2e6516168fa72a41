package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LTIUser is a person of a platform: (platform, sub) names one learner in
// every browser.
type LTIUser struct {
	PlatformID int64
	Sub        string
	Name       string
	Email      string
}

// LTIRoom is an LMS course (an LTI context): a room of its own.
type LTIRoom struct {
	ID             int64 // the playground's id of the course
	PlatformID     int64
	ContextID      string
	Title          string
	MembershipsURL string
}

// LTILink is a gradebook column (an AGS line item) that a learner's launch
// carried, and what it grades: an exercise or an assignment.
type LTILink struct {
	LineItem string
	Kind     string // "exercise" or "assignment"
	Target   string
}

// LTISignIn is what a verified launch records.
type LTISignIn struct {
	User       LTIUser
	Room       LTIRoom // ContextID "" for a launch outside a course
	Instructor bool
	Link       LTILink // LineItem "" when the launch carries none
}

// SignInLTI finds or creates the learner of (platform, sub), names it from
// the launch, makes it a member of the launch's course and remembers the
// launch's gradebook column. It returns the learner, a fresh token for the
// browser, and the course.
func (s *Store) SignInLTI(ctx context.Context, in LTISignIn) (Learner, string, LTIRoom, error) {
	token, hash := newToken()
	var l Learner
	room := in.Room
	err := s.inTx(ctx, func(tx *txn) error {
		id, err := s.ltiLearner(ctx, tx, in.User)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `INSERT INTO learner_tokens(token_hash, learner_id, created_at) VALUES (?, ?, ?)`, hash, id, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE learners SET last_seen_at = ? WHERE id = ?`, now, id); err != nil {
			return err
		}
		if room.ContextID != "" {
			if room.ID, err = upsertRoom(ctx, tx, room, now); err != nil {
				return err
			}
			if err := upsertMember(ctx, tx, room.ID, id, in.Instructor); err != nil {
				return err
			}
		}
		if in.Link.LineItem != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO lti_links(learner_id, lineitem_url, platform_id, sub, kind, target) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT(learner_id, lineitem_url) DO UPDATE SET kind = excluded.kind, target = excluded.target`,
				id, in.Link.LineItem, in.User.PlatformID, in.User.Sub, in.Link.Kind, in.Link.Target); err != nil {
				return err
			}
		}
		l, err = scanLearner(tx.QueryRowContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE l.id = ?`, id))
		return err
	})
	if err != nil {
		return Learner{}, "", LTIRoom{}, fmt.Errorf("sign in LTI user %s: %w", in.User.Sub, err)
	}
	return l, token, room, nil
}

// ltiLearner returns the learner of (platform, sub), created if new, with
// the name and e-mail of the platform's claims when it sent them. A
// learner archived by a workshop reset comes back to the current rooms.
func (s *Store) ltiLearner(ctx context.Context, tx *txn, u LTIUser) (int64, error) {
	name := CleanDisplayName(u.Name)
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT learner_id FROM lti_users WHERE platform_id = ? AND sub = ?`, u.PlatformID, u.Sub).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return s.newLTILearner(ctx, tx, u, name)
	}
	if err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE learners SET
		display_name = CASE WHEN ? = '' THEN display_name ELSE ? END,
		email = CASE WHEN ? = '' THEN email ELSE ? END,
		archive_id = NULL WHERE id = ?`, name, name, u.Email, u.Email, id)
	return id, err
}

func (s *Store) newLTILearner(ctx context.Context, tx *txn, u LTIUser, name string) (int64, error) {
	id, err := nextLearnerID(ctx, tx)
	if err != nil {
		return 0, err
	}
	_, hash := newToken() // never given out: the browser gets one of learner_tokens
	now := s.now().UnixMilli()
	for range 5 {
		res, err := tx.ExecContext(ctx, `INSERT INTO learners(id, token_hash, resume_code, display_name, email, created_at, last_seen_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(resume_code) DO NOTHING`,
			id, hash, newResumeCode(), name, u.Email, now, now)
		if err != nil {
			return 0, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			_, err = tx.ExecContext(ctx, `INSERT INTO lti_users(platform_id, sub, learner_id) VALUES (?, ?, ?)`, u.PlatformID, u.Sub, id)
			return id, err
		}
	}
	return 0, errors.New("no free resume code after 5 tries")
}

func upsertRoom(ctx context.Context, tx *txn, r LTIRoom, now int64) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO lti_contexts(platform_id, context_id, title, memberships_url, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(platform_id, context_id) DO UPDATE SET
			title = CASE WHEN excluded.title = '' THEN lti_contexts.title ELSE excluded.title END,
			memberships_url = CASE WHEN excluded.memberships_url = '' THEN lti_contexts.memberships_url ELSE excluded.memberships_url END
		RETURNING id`, r.PlatformID, r.ContextID, r.Title, r.MembershipsURL, now).Scan(&id)
	return id, err
}

func upsertMember(ctx context.Context, tx *txn, room, learner int64, instructor bool) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO lti_members(context_ref, learner_id, instructor) VALUES (?, ?, ?)
		ON CONFLICT(context_ref, learner_id) DO UPDATE SET instructor = excluded.instructor`, room, learner, boolInt(instructor))
	return err
}

// LTIMember is one person of a course's membership list (NRPS).
type LTIMember struct {
	User       LTIUser
	Instructor bool
}

// FillLTIRoster makes every member of a course a learner of its room, so
// that students who never opened the playground get a gradebook row. It
// returns how many learners it created.
func (s *Store) FillLTIRoster(ctx context.Context, room LTIRoom, members []LTIMember) (int, error) {
	created := 0
	err := s.inTx(ctx, func(tx *txn) error {
		created = 0
		for _, m := range members {
			var known int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM lti_users WHERE platform_id = ? AND sub = ?`, room.PlatformID, m.User.Sub).Scan(&known); err != nil {
				return err
			}
			id, err := s.ltiLearner(ctx, tx, m.User)
			if err != nil {
				return err
			}
			created += 1 - known
			if err := upsertMember(ctx, tx, room.ID, id, m.Instructor); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("fill the roster of course %s: %w", room.ContextID, err)
	}
	return created, nil
}

// LTIRoomByID finds a course by the playground's id of it.
func (s *Store) LTIRoomByID(ctx context.Context, id int64) (LTIRoom, error) {
	var r LTIRoom
	err := s.read.QueryRowContext(ctx, `SELECT id, platform_id, context_id, title, memberships_url FROM lti_contexts WHERE id = ?`, id).
		Scan(&r.ID, &r.PlatformID, &r.ContextID, &r.Title, &r.MembershipsURL)
	if err != nil {
		return LTIRoom{}, fmt.Errorf("find course %d: %w", id, errNoRows(err))
	}
	return r, nil
}

// LTIRoomOf finds a platform's course by its context id, or ErrNotFound.
func (s *Store) LTIRoomOf(ctx context.Context, platformID int64, contextID string) (LTIRoom, error) {
	var id int64
	err := s.read.QueryRowContext(ctx, `SELECT id FROM lti_contexts WHERE platform_id = ? AND context_id = ?`, platformID, contextID).Scan(&id)
	if err != nil {
		return LTIRoom{}, fmt.Errorf("find course %q: %w", contextID, errNoRows(err))
	}
	return s.LTIRoomByID(ctx, id)
}

// LTIRooms lists the courses of every platform, oldest first.
func (s *Store) LTIRooms(ctx context.Context) ([]LTIRoom, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, platform_id, context_id, title, memberships_url FROM lti_contexts ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list courses: %w", err)
	}
	defer rows.Close()
	var out []LTIRoom
	for rows.Next() {
		var r LTIRoom
		if err := rows.Scan(&r.ID, &r.PlatformID, &r.ContextID, &r.Title, &r.MembershipsURL); err != nil {
			return nil, fmt.Errorf("list courses: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// IssueLearnerToken gives a learner's new browser a token of its own (a
// launch continued in a new window).
func (s *Store) IssueLearnerToken(ctx context.Context, learnerID int64) (string, error) {
	token, hash := newToken()
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO learner_tokens(token_hash, learner_id, created_at) VALUES (?, ?, ?)`, hash, learnerID, s.now().UnixMilli())
		return err
	})
	if err != nil {
		return "", fmt.Errorf("issue a token to learner %d: %w", learnerID, err)
	}
	return token, nil
}

// LTIUserIDs maps each learner who came from an LMS to the platform's user
// id (sub) of them, for an id an LMS can match in the gradebook's files.
func (s *Store) LTIUserIDs(ctx context.Context) (map[int64]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT learner_id, sub FROM lti_users ORDER BY platform_id`)
	if err != nil {
		return nil, fmt.Errorf("read LMS user ids: %w", err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var sub string
		if err := rows.Scan(&id, &sub); err != nil {
			return nil, fmt.Errorf("read LMS user ids: %w", err)
		}
		if _, ok := out[id]; !ok {
			out[id] = sub
		}
	}
	return out, rows.Err()
}
