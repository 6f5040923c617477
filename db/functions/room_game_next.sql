-- The host's Next in one round trip: closes the open question (and scores it), or opens the next
-- one after a reveal when p_online is given. Answers the step taken ('closed', 'opened', or
-- 'none': the caller is not the host, the game is finished or at its last reveal, or p_online
-- was needed), the game as it is after it, the room's host, and for a close what
-- room_game_close_question answers. No row when the game is not this room's.
--
-- Its result columns repeat room_games' (as room_game_close_question's do), on purpose: PL/pgSQL
-- cannot declare a result as "a room_games row plus these columns" except by returning the row as
-- one composite value, which PGlite and postgres.js would each hand the api back as text to parse.
CREATE OR REPLACE FUNCTION room_game_next(p_game uuid, p_room uuid, p_user uuid, p_online jsonb)
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
