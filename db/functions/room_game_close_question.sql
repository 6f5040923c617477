-- Closes question p_index of a game if it is still open, scores it and answers the
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
CREATE OR REPLACE FUNCTION room_game_close_question(p_game uuid, p_index integer)
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
