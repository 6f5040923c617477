CREATE TABLE "room_game_answers" (
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"choice" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"correct" boolean,
	"points" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_game_answers_game_id_position_user_id_pk" PRIMARY KEY("game_id","position","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_game_players" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"answer_ms" integer DEFAULT 0 NOT NULL,
	"misses_added_at" timestamp with time zone,
	CONSTRAINT "room_game_players_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_game_questions" (
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb NOT NULL,
	"correct_index" integer NOT NULL,
	CONSTRAINT "room_game_questions_game_id_position_pk" PRIMARY KEY("game_id","position")
);
--> statement-breakpoint
CREATE TABLE "room_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"question_index" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"seconds_per_question" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expected_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "room_game_answers" ADD CONSTRAINT "room_game_answers_game_id_room_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."room_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_game_answers" ADD CONSTRAINT "room_game_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_game_players" ADD CONSTRAINT "room_game_players_game_id_room_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."room_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_game_players" ADD CONSTRAINT "room_game_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_game_questions" ADD CONSTRAINT "room_game_questions_game_id_room_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."room_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_games" ADD CONSTRAINT "room_games_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_games" ADD CONSTRAINT "room_games_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_games_one_running_idx" ON "room_games" USING btree ("room_id") WHERE status <> 'finished';--> statement-breakpoint
CREATE INDEX "room_games_room_finished_idx" ON "room_games" USING btree ("room_id","finished_at");--> statement-breakpoint
CREATE INDEX "room_games_running_idx" ON "room_games" USING btree ("status") WHERE status = 'question';