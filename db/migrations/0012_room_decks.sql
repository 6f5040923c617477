ALTER TABLE "rooms" ADD COLUMN "edit_rule" text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "kind" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "format" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "ordinals" smallint[] DEFAULT '{0}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "room_cards" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "room_card_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"card_id" uuid,
	"author_id" uuid NOT NULL,
	"action" text NOT NULL,
	"kind" text DEFAULT 'basic' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"base_version" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_card_suggestions" ADD CONSTRAINT "room_card_suggestions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_card_suggestions" ADD CONSTRAINT "room_card_suggestions_card_id_room_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."room_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_card_suggestions" ADD CONSTRAINT "room_card_suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_card_suggestions" ADD CONSTRAINT "room_card_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_card_suggestions_room_idx" ON "room_card_suggestions" USING btree ("room_id","status","created_at");--> statement-breakpoint
CREATE TABLE "room_deck_subscriptions" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deck_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_deck_subscriptions_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "room_deck_subscriptions" ADD CONSTRAINT "room_deck_subscriptions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_deck_subscriptions" ADD CONSTRAINT "room_deck_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_deck_subscriptions" ADD CONSTRAINT "room_deck_subscriptions_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_deck_subscriptions_user_idx" ON "room_deck_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "room_card_id" uuid;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_room_card_id_room_cards_id_fk" FOREIGN KEY ("room_card_id") REFERENCES "public"."room_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcards_room_card_idx" ON "flashcards" USING btree ("room_card_id","user_id",coalesce("cloze_ordinal", 0)) WHERE "flashcards"."room_card_id" is not null;
--> statement-breakpoint
CREATE TABLE "room_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"card_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_card_id_room_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."room_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_activity_room_time_idx" ON "room_activity" USING btree ("room_id","created_at");
