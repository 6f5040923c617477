CREATE TABLE "study_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"review_ms" bigint DEFAULT 0 NOT NULL,
	"remembered" integer DEFAULT 0 NOT NULL,
	"last_review_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;