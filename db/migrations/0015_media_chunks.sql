CREATE TABLE "media_chunks" (
	"media_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_chunks_media_id_seq_pk" PRIMARY KEY("media_id","seq")
);
--> statement-breakpoint
ALTER TABLE "media_chunks" ADD CONSTRAINT "media_chunks_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
