CREATE TABLE "telegram_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_accounts_telegram_user_id_unique" UNIQUE("telegram_user_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_bindings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"time" text DEFAULT '09:00' NOT NULL,
	"weekday" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_bots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"telegram_id" bigint NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"token_sealed" text NOT NULL,
	"token_masked" text NOT NULL,
	"info" jsonb NOT NULL,
	"mode" text DEFAULT 'polling' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"pending_updates" integer DEFAULT 0 NOT NULL,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bot_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"bot_status" text NOT NULL,
	"member_count" integer,
	"language" text DEFAULT 'zh' NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_report_slots" (
	"binding_id" bigint NOT NULL,
	"slot" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "telegram_report_slots_binding_id_slot_pk" PRIMARY KEY("binding_id","slot")
);
--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD CONSTRAINT "telegram_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD CONSTRAINT "telegram_bindings_group_id_telegram_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."telegram_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD CONSTRAINT "telegram_bindings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_groups" ADD CONSTRAINT "telegram_groups_bot_id_telegram_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."telegram_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_report_slots" ADD CONSTRAINT "telegram_report_slots_binding_id_telegram_bindings_id_fk" FOREIGN KEY ("binding_id") REFERENCES "public"."telegram_bindings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bindings_pair_idx" ON "telegram_bindings" USING btree ("group_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_telegram_id_idx" ON "telegram_bots" USING btree ("telegram_id");--> statement-breakpoint
CREATE INDEX "telegram_bots_user_idx" ON "telegram_bots" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_groups_chat_idx" ON "telegram_groups" USING btree ("bot_id","chat_id");