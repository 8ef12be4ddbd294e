ALTER TABLE "orders" ADD COLUMN "definition_version_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_definition_version_id_definition_versions_id_fk" FOREIGN KEY ("definition_version_id") REFERENCES "public"."definition_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders stored before this column: pinned to the version published when they were created (every version was
-- published when it was made), or the first version when they are older than every version.
UPDATE "orders" SET "definition_version_id" = coalesce(
	(SELECT v."id" FROM "definition_versions" v WHERE v."created_at" <= "orders"."created_at" ORDER BY v."created_at" DESC, v."id" DESC LIMIT 1),
	(SELECT min(v."id") FROM "definition_versions" v)
) WHERE "definition_version_id" IS NULL;
