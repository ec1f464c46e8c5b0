-- The session record (issue 16): a hash-chained history, the settings each chain hangs from, and
-- the key that signs records. New columns are nullable, so adding them rewrites nothing; entries of
-- sessions that ran before this migration stay unhashed (their record says where the chain starts):
-- session_history grows with every step, and a backfill in this one transaction would hold every
-- row it touched until the end (docs/architecture.md, "Database migrations").
CREATE TABLE "record_signing_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_signing_keys_single" CHECK ("record_signing_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "session_record_settings" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"settings" text NOT NULL,
	"settings_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "history_head_hash" text;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "history_length" integer;--> statement-breakpoint
ALTER TABLE "session_history" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "session_history" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "session_history" ADD COLUMN "record_entry" text;--> statement-breakpoint
ALTER TABLE "session_history" ADD COLUMN "entry_hash" text;--> statement-breakpoint
ALTER TABLE "session_record_settings" ADD CONSTRAINT "session_record_settings_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- History is never edited (bidding-rules.md, "Consistency"), and with the chain an edit would be
-- found anyway; this makes the database refuse it at once. The only changes allowed are those of
-- the foreign keys' ON DELETE SET NULL: a deleted member's or participant's link becomes null (the
-- entry keeps their name, and the hashed record_entry keeps their id). An entry is deleted only
-- with its session: the cascade runs after the session row is gone, so the session still being
-- there means someone is deleting history alone.
CREATE FUNCTION "session_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF EXISTS (SELECT 1 FROM "bid_sessions" WHERE "id" = OLD."session_id") THEN
			RAISE EXCEPTION 'session history is append-only: entry % of session % cannot be deleted while the session exists', OLD."id", OLD."session_id"
				USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		RETURN OLD;
	END IF;
	IF (NEW."id", NEW."session_id", NEW."action", NEW."actor_name", NEW."user_name", NEW."station_name",
			NEW."station_number", NEW."shift", NEW."seat_position", NEW."bid_priority", NEW."details", NEW."created_at",
			NEW."sequence", NEW."previous_hash", NEW."record_entry", NEW."entry_hash")
		IS DISTINCT FROM (OLD."id", OLD."session_id", OLD."action", OLD."actor_name", OLD."user_name", OLD."station_name",
			OLD."station_number", OLD."shift", OLD."seat_position", OLD."bid_priority", OLD."details", OLD."created_at",
			OLD."sequence", OLD."previous_hash", OLD."record_entry", OLD."entry_hash")
		OR (NEW."actor_id" IS DISTINCT FROM OLD."actor_id" AND NEW."actor_id" IS NOT NULL)
		OR (NEW."participant_id" IS DISTINCT FROM OLD."participant_id" AND NEW."participant_id" IS NOT NULL)
	THEN
		RAISE EXCEPTION 'session history is append-only: entry % of session % cannot be changed', OLD."id", OLD."session_id"
			USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_history_append_only" BEFORE UPDATE OR DELETE ON "session_history"
	FOR EACH ROW EXECUTE FUNCTION "session_history_append_only"();
--> statement-breakpoint
-- A session's recorded settings are written once, by its start, and go only with the session.
CREATE FUNCTION "session_record_settings_write_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF EXISTS (SELECT 1 FROM "bid_sessions" WHERE "id" = OLD."session_id") THEN
			RAISE EXCEPTION 'the recorded settings of session % cannot be deleted while the session exists', OLD."session_id"
				USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'the recorded settings of session % cannot be changed', OLD."session_id"
		USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_record_settings_write_once" BEFORE UPDATE OR DELETE ON "session_record_settings"
	FOR EACH ROW EXECUTE FUNCTION "session_record_settings_write_once"();
