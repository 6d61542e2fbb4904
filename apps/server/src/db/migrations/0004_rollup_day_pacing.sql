CREATE TABLE "rollup_day_state" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"cost_ms" integer NOT NULL,
	CONSTRAINT "rollup_day_state_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty_days" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "rollup_dirty_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
