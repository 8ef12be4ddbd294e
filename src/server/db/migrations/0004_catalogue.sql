CREATE TABLE "catalogue_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalogue" text NOT NULL,
	"part_number" text NOT NULL,
	"identifier" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"parent_category" text,
	"second_category" text,
	"third_category" text,
	"uom" text,
	"color" text,
	"size" text,
	"width" text,
	"image_id" text,
	"sash_set" text,
	"glass_type" text,
	"window_wall_style" text,
	"window_height" text,
	"lockset" text,
	"hinges" text,
	"orientation" text,
	"display_number" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "catalogue_parts_part_number_unique" UNIQUE("part_number"),
	CONSTRAINT "catalogue_parts_catalogue_check" CHECK ("catalogue_parts"."catalogue" in ('spare-parts', 'marketing', 'display', 'transom', 'door', 'sash', 'glass'))
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"image_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_parts_listing_idx" ON "catalogue_parts" USING btree ("catalogue","parent_category","second_category","third_category","sort");