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
CREATE OR REPLACE FUNCTION room_game_answer(p_game uuid, p_room uuid, p_user uuid, p_index integer, p_choice integer)
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
