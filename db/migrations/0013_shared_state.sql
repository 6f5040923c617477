CREATE TABLE "anki_import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "anki_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "anki_import_chunks" ADD CONSTRAINT "anki_import_chunks_import_id_anki_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."anki_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anki_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;
