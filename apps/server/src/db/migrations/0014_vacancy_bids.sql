-- Vacancy bids (docs/bidding-rules.md, "Vacancy bids"): a session's type, and the seats a vacancy bid offers.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE TABLE "bid_session_vacancy_seats" (
	"session_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"open" boolean NOT NULL,
	CONSTRAINT "bid_session_vacancy_seats_session_id_seat_id_pk" PRIMARY KEY("session_id","seat_id")
);
--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "type" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "opened_seat" jsonb;--> statement-breakpoint
ALTER TABLE "bid_session_vacancy_seats" ADD CONSTRAINT "bid_session_vacancy_seats_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_session_vacancy_seats" ADD CONSTRAINT "bid_session_vacancy_seats_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD CONSTRAINT "bid_sessions_type_known" CHECK ("bid_sessions"."type" in ('standard','vacancy'));