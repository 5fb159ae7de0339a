-- Decision 094: the course centre's grab in ONE round trip. course_centre_grab decides, in the database and in one
-- call, what the grab used to decide from a read in Node and then write in a second trip (decision 044): the
-- course-centre gate's three facts, the governing round, its mode and window, the course's session, venue and
-- category, a full course, then under the student's advisory lock (4111, student) the seat rules on a fresh read of
-- what they hold (one seat per course, the Frontier Conversation cap, a meeting clash), the conditional seat
-- (taken < capacity), the enrolment, the cart line and the audit row. It answers an outcome word; the API turns it
-- into the domain's messages (courseCentreGate, COURSE_CENTRE_MSG), so no user-facing text lives here.
-- The round pick is governingRoundSql's (course-centre.repo.ts) and the rules are seatRuleViolation's
-- (domain course-allocation.ts): course-centre.test.ts checks both answer alike. A unique violation (a seat given
-- meanwhile by an allocation commit) aborts the call whole, counter included: the API answers 已选该课程.
-- Plain SQL and PL/pgSQL accepted by PostgreSQL 15 (the server) and 18 (PGlite).
CREATE OR REPLACE FUNCTION course_centre_grab(
  p_student integer,
  p_course integer,
  p_now timestamptz,
  p_session_names text[],
  p_fc_max integer,
  p_source text,
  OUT outcome text,
  OUT paid boolean,
  OUT published boolean,
  OUT assigned boolean,
  OUT clash_title text
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_paid_at timestamptz;
  v_place text;
  v_venue integer;
  v_session text;
  v_publish_at timestamptz;
  v_round selection_rounds%ROWTYPE;
  v_course courses%ROWTYPE;
BEGIN
  SELECT p.tuition_paid_at, p.place_name, v.id INTO v_paid_at, v_place, v_venue
    FROM student_profiles p
    LEFT JOIN venue_assignments va ON va.student_id = p.account_id
    LEFT JOIN venues v ON v.id = va.venue_id
    WHERE p.account_id = p_student;
  IF NOT FOUND THEN
    outcome := 'no_profile';
    RETURN;
  END IF;
  v_session := CASE v_place WHEN p_session_names[1] THEN 'first' WHEN p_session_names[2] THEN 'second' WHEN p_session_names[3] THEN 'third' END;
  SELECT rp.publish_at INTO v_publish_at FROM result_publications rp
    WHERE rp.kind = 'venue' AND (rp.venue_id = v_venue OR rp.venue_id IS NULL)
    ORDER BY rp.venue_id IS NULL LIMIT 1;
  paid := v_paid_at IS NOT NULL;
  published := v_publish_at IS NOT NULL AND v_publish_at <= p_now;
  assigned := v_session IS NOT NULL AND v_venue IS NOT NULL;
  IF NOT (paid AND published AND assigned) THEN
    outcome := 'gate';
    RETURN;
  END IF;

  SELECT r.* INTO v_round FROM selection_rounds r
    WHERE r.session_key = v_session AND (r.venue_id IS NULL OR r.venue_id = v_venue) AND r.status IN ('open', 'closed', 'allocated')
    ORDER BY (r.status = 'open' AND r.closes_at > p_now) DESC, (r.venue_id IS NOT NULL) DESC, (r.opens_at <= p_now) DESC,
      CASE WHEN r.opens_at > p_now THEN r.opens_at END ASC, r.opens_at DESC, r.id DESC
    LIMIT 1;
  IF NOT FOUND THEN
    outcome := 'no_round';
    RETURN;
  END IF;
  IF v_round.mode <> 'grab' THEN
    outcome := 'not_grab_round';
    RETURN;
  END IF;
  IF v_round.status <> 'open' OR p_now >= v_round.closes_at THEN
    outcome := 'ended';
    RETURN;
  END IF;
  IF p_now < v_round.opens_at THEN
    outcome := 'not_started';
    RETURN;
  END IF;

  SELECT c.* INTO v_course FROM courses c WHERE c.id = p_course;
  IF NOT FOUND OR NOT v_course.published THEN
    outcome := 'course_not_found';
    RETURN;
  END IF;
  IF v_course.session_key <> v_session OR (v_course.venue_id IS NOT NULL AND v_course.venue_id <> v_venue) THEN
    outcome := 'wrong_session_or_venue';
    RETURN;
  END IF;
  IF NOT (v_round.categories @> to_jsonb(v_course.category::text)) THEN
    outcome := 'not_in_round';
    RETURN;
  END IF;
  -- Most of a rush ends here, without a lock.
  IF v_course.taken >= v_course.capacity THEN
    outcome := 'full';
    RETURN;
  END IF;

  -- The student's own concurrent requests queue here; each statement below reads what committed before it.
  PERFORM pg_advisory_xact_lock(4111, p_student);
  IF EXISTS (SELECT 1 FROM enrolments e WHERE e.student_id = p_student AND e.course_id = p_course) THEN
    outcome := 'already';
    RETURN;
  END IF;
  IF v_course.category = 'fc' AND (SELECT count(*) FROM enrolments e JOIN courses h ON h.id = e.course_id WHERE e.student_id = p_student AND h.category = 'fc') >= p_fc_max THEN
    outcome := 'fc_limit';
    RETURN;
  END IF;
  SELECT h.title INTO clash_title FROM enrolments e JOIN courses h ON h.id = e.course_id
    WHERE e.student_id = p_student AND h.id <> p_course AND EXISTS (
      SELECT 1 FROM course_meetings m JOIN course_meetings o ON o.course_id = h.id
      WHERE m.course_id = p_course AND m.starts_at < o.ends_at AND o.starts_at < m.ends_at)
    ORDER BY h.id LIMIT 1;
  IF FOUND THEN
    outcome := 'clash';
    RETURN;
  END IF;

  UPDATE courses SET taken = taken + 1 WHERE id = p_course AND taken < capacity;
  IF NOT FOUND THEN
    outcome := 'full';
    RETURN;
  END IF;
  INSERT INTO enrolments (student_id, course_id, round_id, source, created_at) VALUES (p_student, p_course, v_round.id, p_source, p_now);
  DELETE FROM cart_items WHERE student_id = p_student AND course_id = p_course;
  INSERT INTO audit_log (actor_id, action, entity, entity_id, after, created_at)
    VALUES (p_student, 'enrolment.' || p_source, 'enrolment', p_student::text, json_build_object('course_id', p_course, 'round_id', v_round.id), p_now);
  outcome := 'taken';
END;
$$;
