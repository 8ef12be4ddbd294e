CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
