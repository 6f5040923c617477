ALTER TABLE "flashcards" ADD COLUMN "anki_guid" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "anki_ord" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcards_anki_note_idx" ON "flashcards" USING btree ("user_id","anki_guid","anki_ord");