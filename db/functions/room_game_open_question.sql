-- Opens question p_index after the reveal of the one before it; no row if that is not where the
-- game is. It waits for the members online now (p_online, a JSON array of ids), or for every
-- member when none is (a game played over REST alone).
CREATE OR REPLACE FUNCTION room_game_open_question(p_game uuid, p_index integer, p_online jsonb)
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
