CREATE TABLE "decks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "deck_id" uuid;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "kind" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "cloze_ordinal" smallint;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "note_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "format" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', regexp_replace(question || ' ' || answer, '<[^>]*>', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decks_user_name_idx" ON "decks" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "decks_user_default_idx" ON "decks" USING btree ("user_id") WHERE "decks"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "media_user_name_idx" ON "media" USING btree ("user_id","name");--> statement-breakpoint
-- Every learner gets the default deck, and every existing card moves into it: nothing is lost.
INSERT INTO "decks" ("user_id", "name", "is_default") SELECT "id", 'My Flashcards', true FROM "users";--> statement-breakpoint
UPDATE "flashcards" SET "deck_id" = "decks"."id" FROM "decks" WHERE "decks"."user_id" = "flashcards"."user_id" AND "decks"."is_default";--> statement-breakpoint
ALTER TABLE "flashcards" ALTER COLUMN "deck_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcards_deck_idx" ON "flashcards" USING btree ("deck_id");--> statement-breakpoint
CREATE INDEX "flashcards_note_idx" ON "flashcards" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "flashcards_search_idx" ON "flashcards" USING gin ("search");