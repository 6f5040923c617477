-- The live quiz's functions (room_game_close_question, room_game_answer, room_game_open_question,
-- room_game_next) were first created here. Each now lives in its own file in db/functions/, the
-- rule's one source, applied after the migrations on every start (db/src/migrate.ts); a database
-- that ran this migration before keeps working, as those files replace the functions it made.
SELECT 1;
