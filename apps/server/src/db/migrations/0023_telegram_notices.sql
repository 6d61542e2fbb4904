CREATE TABLE "known_login_ips" (
	"user_id" bigint NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_login_ips_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
CREATE TABLE "telegram_chat_sends" (
	"bot_id" bigint NOT NULL,
	"chat_id" text NOT NULL,
	"sent_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_send_pace" (
	"bot_id" bigint PRIMARY KEY NOT NULL,
	"next_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD COLUMN "bot_id" bigint;--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD COLUMN "language" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
ALTER TABLE "known_login_ips" ADD CONSTRAINT "known_login_ips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chat_sends" ADD CONSTRAINT "telegram_chat_sends_bot_id_telegram_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."telegram_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_send_pace" ADD CONSTRAINT "telegram_send_pace_bot_id_telegram_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."telegram_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_chat_sends_chat_idx" ON "telegram_chat_sends" USING btree ("bot_id","chat_id","sent_at");--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD CONSTRAINT "telegram_accounts_bot_id_telegram_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."telegram_bots"("id") ON DELETE set null ON UPDATE no action;