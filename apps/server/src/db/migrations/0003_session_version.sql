-- Each session's own change counter (docs/decisions/012-session-board.md). The shared board of a
-- session, its ETag and the `session.changed` events carry it, and an engine step keeps its state
-- between steps while it is unchanged. A constant default adds the column without rewriting the
-- table.
ALTER TABLE "bid_sessions" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Any update of a session row counts once, whoever makes it: an engine step (which updates its
-- session exactly once), an administrator's edit, a participant list change. The version is never
-- written by hand.
CREATE FUNCTION "bump_bid_session_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."version" := OLD."version" + 1;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bid_sessions_version" BEFORE UPDATE ON "bid_sessions"
	FOR EACH ROW EXECUTE FUNCTION "bump_bid_session_version"();
