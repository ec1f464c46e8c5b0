-- The outbox worker records when each delivery attempt started, for the delivery status and the
-- list of recent failures. While a row is 'sending', next_attempt_at is the end of the worker's
-- lease on it. See docs/decisions/010-outbox-delivery.md.
ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;
