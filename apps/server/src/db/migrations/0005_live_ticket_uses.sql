CREATE TABLE "live_ticket_uses" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_ticket_uses_expires_idx" ON "live_ticket_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chat_messages_member_idx" ON "chat_messages" USING btree ("member_id","created_at");