-- A completed session's record kept as the file first sent, so every download is the same bytes (docs/verifying-records.md).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE TABLE "session_record_files" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_record_files" ADD CONSTRAINT "session_record_files_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;