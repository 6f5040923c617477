ALTER TABLE "users" ADD COLUMN "calendar_feed_secret" text;--> statement-breakpoint
ALTER TABLE "knowledge_tests" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_key" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_key" ON "notifications" USING btree ("user_id","event_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_feed_secret_unique" UNIQUE("calendar_feed_secret");--> statement-breakpoint
ALTER TABLE "knowledge_tests" ADD CONSTRAINT "knowledge_tests_share_id_unique" UNIQUE("share_id");