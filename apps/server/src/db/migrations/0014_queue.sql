CREATE TABLE "job_queue_pauses" (
	"queue" text PRIMARY KEY NOT NULL,
	"paused_by" bigint,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
