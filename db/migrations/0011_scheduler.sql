CREATE TABLE "scheduler_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"parameters" double precision[],
	"fitted_at" timestamp with time zone,
	"reviews_at_last_optimize" integer DEFAULT 0 NOT NULL,
	"auto_optimize" boolean DEFAULT true NOT NULL,
	"catch_up_per_day" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduler_settings" ADD CONSTRAINT "scheduler_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "scheduler_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"owner" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scheduler_jobs" ADD CONSTRAINT "scheduler_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_jobs_active_idx" ON "scheduler_jobs" USING btree ("user_id") WHERE "scheduler_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "scheduler_jobs_status_idx" ON "scheduler_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "deck_exams" (
	"deck_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"exam_date" date NOT NULL,
	"window_days" integer DEFAULT 3 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deck_exams" ADD CONSTRAINT "deck_exams_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_exams" ADD CONSTRAINT "deck_exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
