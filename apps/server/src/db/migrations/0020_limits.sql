CREATE TABLE "plan_notices" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_notices_user_id_kind_key_pk" PRIMARY KEY("user_id","kind","key"),
	CONSTRAINT "plan_notices_kind_check" CHECK ("plan_notices"."kind" in ('quota_80', 'quota_100', 'expiry'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "plan_notices" ADD CONSTRAINT "plan_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;