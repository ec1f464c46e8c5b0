-- A counter of changes to the data a bid session's engine state is read from (seats, stations,
-- members' seats and preferences, participants, bids, the stations a session offers). An engine
-- step compares it with the value its cached state was read at, so a session of thousands is not
-- read again at every step, yet any change made elsewhere (an administrator's assignment, a
-- station edit, another server process) makes the next step read it afresh.
-- See docs/decisions/008-engine-state-cache.md.
CREATE TABLE "engine_data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "engine_data_version_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "engine_data_version" ("id", "value") VALUES (1, 0);
--> statement-breakpoint
-- Engine steps set stationbid.engine_step for their transaction and count themselves once; every
-- other writer is counted by these triggers.
CREATE FUNCTION "bump_engine_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('stationbid.engine_step', true), '') <> 'on' THEN
		INSERT INTO "engine_data_version" ("id", "value") VALUES (1, 1)
			ON CONFLICT ("id") DO UPDATE SET "value" = "engine_data_version"."value" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seats_engine_data" AFTER INSERT OR UPDATE OR DELETE ON "seats"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
CREATE TRIGGER "stations_engine_data" AFTER UPDATE OF "is_active", "name", "number" OR DELETE ON "stations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
CREATE TRIGGER "bid_session_stations_engine_data" AFTER INSERT OR UPDATE OR DELETE ON "bid_session_stations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
-- New members matter only when they come with a seat; sign-ins and presence (last_seen_at) never.
CREATE TRIGGER "members_engine_data_insert" AFTER INSERT ON "members"
	FOR EACH ROW WHEN (NEW."current_seat_id" IS NOT NULL) EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
CREATE TRIGGER "members_engine_data" AFTER UPDATE OF "current_seat_id", "bid_preferences" OR DELETE ON "members"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
-- Joining a session and being seen (joined_at, last_seen_at) do not change the engine's state.
CREATE TRIGGER "participants_engine_data" AFTER INSERT OR DELETE OR UPDATE OF
	"member_id", "first_name", "last_name", "employee_id", "rank", "years_of_service", "seniority_score",
	"bid_priority", "queue_position", "moved_to_back", "turn_deadline", "outcome", "assigned_station_id",
	"assigned_station_name", "assigned_station_number", "assigned_shift", "assigned_seat_position"
	ON "participants"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
--> statement-breakpoint
CREATE TRIGGER "bids_engine_data" AFTER INSERT OR UPDATE OR DELETE ON "bids"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_engine_data_version"();
