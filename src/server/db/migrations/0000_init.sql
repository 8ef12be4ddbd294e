CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"group" text,
	"sort" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"phone_label" text,
	CONSTRAINT "contacts_section_sort_unique" UNIQUE("section","sort")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_line" text NOT NULL,
	"on_hold" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dealers_product_line_check" CHECK ("dealers"."product_line" in ('SUNROOMS', 'PATIO COVERS'))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "locations_dealer_key_unique" UNIQUE("dealer_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"form_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'initial' NOT NULL,
	"is_ordered" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('initial', 'unprocessed', 'processed', 'confirmed', 'shipped'))
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"part_number" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"category1" text,
	"category2" text,
	"category3" text,
	"uom" text,
	"color" text,
	"size" text,
	"image_id" text,
	"manufacturing_comment" text,
	CONSTRAINT "parts_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "portal_notices" (
	"id" integer PRIMARY KEY NOT NULL,
	"manufacturing_comment" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text NOT NULL,
	"password_hash" text,
	"is_employee" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_dealer_status_idx" ON "orders" USING btree ("dealer_id","status");--> statement-breakpoint
CREATE INDEX "parts_category1_idx" ON "parts" USING btree ("category1");--> statement-breakpoint
CREATE INDEX "users_dealer_id_idx" ON "users" USING btree ("dealer_id");