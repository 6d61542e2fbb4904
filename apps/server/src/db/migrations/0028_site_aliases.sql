CREATE TABLE "site_aliases" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"site_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_aliases_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "visitor_props" (
	"site_id" bigint NOT NULL,
	"visitor" text NOT NULL,
	"distinct_id" text,
	"props" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_props_site_id_visitor_pk" PRIMARY KEY("site_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "site_aliases" ADD CONSTRAINT "site_aliases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_props" ADD CONSTRAINT "visitor_props_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_aliases_site_id_idx" ON "site_aliases" USING btree ("site_id");