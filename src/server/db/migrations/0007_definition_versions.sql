CREATE TABLE "definition_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"version_id" integer,
	"draft_id" integer,
	"path" text,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_version_id" integer NOT NULL,
	"author" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "definition_drafts_status_check" CHECK ("definition_drafts"."status" in ('open', 'published', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "definition_files" (
	"hash" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_published" (
	"id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_trees" (
	"hash" text PRIMARY KEY NOT NULL,
	"manifest" jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tree_hash" text NOT NULL,
	"parent_id" integer,
	"author" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"from_draft_id" integer,
	"rolled_back_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "definition_versions_source_check" CHECK ("definition_versions"."source" in ('deployment', 'publish', 'rollback'))
);
--> statement-breakpoint
ALTER TABLE "definition_drafts" ADD CONSTRAINT "definition_drafts_base_version_id_definition_versions_id_fk" FOREIGN KEY ("base_version_id") REFERENCES "public"."definition_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition_published" ADD CONSTRAINT "definition_published_version_id_definition_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."definition_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition_versions" ADD CONSTRAINT "definition_versions_tree_hash_definition_trees_hash_fk" FOREIGN KEY ("tree_hash") REFERENCES "public"."definition_trees"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "definition_audit_at_idx" ON "definition_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "definition_drafts_status_idx" ON "definition_drafts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "definition_versions_tree_hash_idx" ON "definition_versions" USING btree ("tree_hash");