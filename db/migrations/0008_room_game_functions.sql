-- Closes question p_index of a game if it is still open, scores it (issue 13) and answers the
-- closed game row with the question's answered choices and every player's totals after it; no
-- row when the question was closed already (by a peer, the host, the clock).
--
-- One function, so the api closes and scores in one round trip. It must stay several statements:
-- in READ COMMITTED each one below takes a fresh snapshot, so the scoring sees every answer
-- committed before the close got the game row (an answer holds that row FOR SHARE until it
-- commits; one arriving after the close finds the question closed). A single statement would
-- score on the snapshot it took before waiting for the row, and miss those answers.
--
-- Scoring: a correct answer earns 500 + floor(500 × time left ÷ time allowed), plus, from the
-- second correct answer in a row, 100 × (streak − 1), at most 500. A wrong answer or none earns 0
-- and resets the streak. An unanswered question counts its whole time toward the tie-break, so
-- not answering is never faster.
CREATE FUNCTION room_game_close_question(p_game uuid, p_index integer)
RETURNS TABLE (
	id uuid,
	room_id uuid,
	host_id uuid,
	source text,
	status text,
	question_index integer,
	total integer,
	seconds_per_question integer,
	started_at timestamp with time zone,
	ends_at timestamp with time zone,
	expected_ids jsonb,
	created_at timestamp with time zone,
	finished_at timestamp with time zone,
	choices jsonb,
	players jsonb
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	closed room_games;
	correct_choice integer;
	allowed integer;
BEGIN
	UPDATE room_games g SET status = 'reveal'
	WHERE g.id = p_game AND g.status = 'question' AND g.question_index = p_index
	RETURNING g.* INTO closed;
	IF NOT FOUND THEN
		RETURN;
	END IF;

	-- A learner who joined mid-game and answered is a player from then on.
	INSERT INTO room_game_players (game_id, user_id)
	SELECT a.game_id, a.user_id FROM room_game_answers a WHERE a.game_id = p_game AND a.position = p_index
	ON CONFLICT DO NOTHING;

	SELECT q.correct_index INTO correct_choice
	FROM room_game_questions q WHERE q.game_id = p_game AND q.position = p_index;
	IF FOUND THEN
		allowed := closed.seconds_per_question * 1000;
		-- Integer division of non-negative numbers: the floor.
		UPDATE room_game_answers a
		SET correct = a.choice = correct_choice,
			points = CASE WHEN a.choice = correct_choice
				THEN 500 + (500 * (allowed - least(a.elapsed_ms, allowed))) / allowed + least(500, 100 * p.streak)
				ELSE 0 END
		FROM room_game_players p
		WHERE a.game_id = p_game AND a.position = p_index AND p.game_id = p_game AND p.user_id = a.user_id;

		UPDATE room_game_players p
		SET score = p.score + coalesce(a.points, 0),
			correct = p.correct + CASE WHEN a.correct THEN 1 ELSE 0 END,
			streak = CASE WHEN a.correct THEN p.streak + 1 ELSE 0 END,
			answer_ms = p.answer_ms + least(coalesce(a.elapsed_ms, allowed), allowed)
		FROM room_game_players was
		LEFT JOIN room_game_answers a
			ON a.game_id = was.game_id AND a.position = p_index AND a.user_id = was.user_id
		WHERE p.game_id = p_game AND was.game_id = p_game AND was.user_id = p.user_id;
	END IF;

	RETURN QUERY SELECT
		closed.id, closed.room_id, closed.host_id, closed.source, closed.status, closed.question_index,
		closed.total, closed.seconds_per_question, closed.started_at, closed.ends_at, closed.expected_ids,
		closed.created_at, closed.finished_at,
		(SELECT coalesce(jsonb_agg(a.choice), '[]'::jsonb)
			FROM room_game_answers a WHERE a.game_id = p_game AND a.position = p_index),
		(SELECT coalesce(jsonb_agg(jsonb_build_object(
				'userId', p.user_id, 'username', u.username, 'score', p.score, 'correct', p.correct,
				'streak', p.streak, 'answerMs', p.answer_ms)), '[]'::jsonb)
			FROM room_game_players p JOIN users u ON u.id = p.user_id WHERE p.game_id = p_game);
END;
$$;
--> statement-breakpoint
-- Takes one answer if it may be taken, and answers how far the question has got: how many have
-- answered, how many it waits for, and whether all of those have answered (then the api closes
-- it). No row when the answer is refused (not a member, not the open question, time is up,
-- answered before): the api then asks why.
--
-- The insert checks every rule in one statement; the primary key refuses a second answer. It
-- holds the game row until it commits, so a close waits for it (or it for the close, and then it
-- finds the question closed): an accepted answer is always one the reveal counts. Holding the row
-- exclusively also puts the answers to one game in a line, so the count below, a statement of
-- its own with a fresh snapshot, sees every answer taken before this one: of two answers arriving
-- together, the second sees the first, and the last answer always sees that all have answered.
CREATE FUNCTION room_game_answer(p_game uuid, p_room uuid, p_user uuid, p_index integer, p_choice integer)
RETURNS TABLE (answered integer, expected integer, everyone boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	INSERT INTO room_game_answers (game_id, position, user_id, choice, elapsed_ms)
	SELECT g.id, g.question_index, m.user_id, p_choice,
		greatest(0, floor(extract(epoch from (clock_timestamp() - g.started_at)) * 1000))::int
	FROM room_games g
	JOIN room_members m ON m.room_id = g.room_id AND m.user_id = p_user
	WHERE g.id = p_game AND g.room_id = p_room AND g.status = 'question'
		AND g.question_index = p_index AND g.ends_at > clock_timestamp()
	FOR NO KEY UPDATE OF g
	ON CONFLICT DO NOTHING;
	IF NOT FOUND THEN
		RETURN;
	END IF;

	RETURN QUERY SELECT
		(SELECT count(*)::int FROM room_game_answers a WHERE a.game_id = p_game AND a.position = p_index),
		jsonb_array_length(g.expected_ids),
		NOT EXISTS (
			SELECT 1 FROM jsonb_array_elements_text(g.expected_ids) e(user_id)
			WHERE NOT EXISTS (
				SELECT 1 FROM room_game_answers a
				WHERE a.game_id = p_game AND a.position = p_index AND a.user_id = e.user_id::uuid))
	FROM room_games g WHERE g.id = p_game;
END;
$$;
--> statement-breakpoint
-- Opens question p_index after the reveal of the one before it; no row if that is not where the
-- game is. It waits for the members online now (p_online, a JSON array of ids), or for every
-- member when none is (a game played over REST alone).
CREATE FUNCTION room_game_open_question(p_game uuid, p_index integer, p_online jsonb)
RETURNS SETOF room_games
LANGUAGE sql AS $$
	UPDATE room_games g SET status = 'question', question_index = p_index,
		started_at = clock_timestamp(),
		ends_at = clock_timestamp() + make_interval(secs => g.seconds_per_question),
		expected_ids = coalesce(
			(SELECT jsonb_agg(m.user_id) FROM room_members m WHERE m.room_id = g.room_id
				AND m.user_id::text IN (SELECT jsonb_array_elements_text(p_online))),
			(SELECT jsonb_agg(m.user_id) FROM room_members m WHERE m.room_id = g.room_id),
			'[]'::jsonb)
	WHERE g.id = p_game AND g.status = 'reveal' AND g.question_index = p_index - 1
	RETURNING g.*;
$$;
--> statement-breakpoint
-- The host's Next in one round trip: closes the open question (and scores it), or opens the next
-- one after a reveal when p_online is given. Answers the step taken ('closed', 'opened', or
-- 'none': the caller is not the host, the game is finished or at its last reveal, or p_online
-- was needed), the game as it is after it, the room's host, and for a close what
-- room_game_close_question answers. No row when the game is not this room's.
CREATE FUNCTION room_game_next(p_game uuid, p_room uuid, p_user uuid, p_online jsonb)
RETURNS TABLE (
	step text,
	id uuid,
	room_id uuid,
	host_id uuid,
	source text,
	status text,
	question_index integer,
	total integer,
	seconds_per_question integer,
	started_at timestamp with time zone,
	ends_at timestamp with time zone,
	expected_ids jsonb,
	created_at timestamp with time zone,
	finished_at timestamp with time zone,
	room_host_id uuid,
	choices jsonb,
	players jsonb
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	game room_games;
	opened room_games;
	room_host uuid;
BEGIN
	SELECT g.* INTO game FROM room_games g WHERE g.id = p_game AND g.room_id = p_room;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	SELECT r.host_id INTO room_host FROM rooms r WHERE r.id = p_room;

	IF room_host = p_user AND game.status = 'question' THEN
		RETURN QUERY SELECT 'closed', c.id, c.room_id, c.host_id, c.source, c.status, c.question_index, c.total,
			c.seconds_per_question, c.started_at, c.ends_at, c.expected_ids, c.created_at, c.finished_at,
			room_host, c.choices, c.players
		FROM room_game_close_question(p_game, game.question_index) c;
		IF FOUND THEN
			RETURN;
		END IF;
		SELECT g.* INTO game FROM room_games g WHERE g.id = p_game;
	ELSIF room_host = p_user AND game.status = 'reveal' AND game.question_index + 1 < game.total
		AND p_online IS NOT NULL THEN
		SELECT o.* INTO opened FROM room_game_open_question(p_game, game.question_index + 1, p_online) o;
		IF FOUND THEN
			RETURN QUERY SELECT 'opened', opened.id, opened.room_id, opened.host_id, opened.source, opened.status,
				opened.question_index, opened.total, opened.seconds_per_question, opened.started_at, opened.ends_at,
				opened.expected_ids, opened.created_at, opened.finished_at, room_host, NULL::jsonb, NULL::jsonb;
			RETURN;
		END IF;
		SELECT g.* INTO game FROM room_games g WHERE g.id = p_game;
	END IF;

	RETURN QUERY SELECT 'none', game.id, game.room_id, game.host_id, game.source, game.status,
		game.question_index, game.total, game.seconds_per_question, game.started_at, game.ends_at,
		game.expected_ids, game.created_at, game.finished_at, room_host, NULL::jsonb, NULL::jsonb;
END;
$$;
