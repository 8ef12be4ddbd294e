CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_furniture" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"order_id" integer,
	"folder" text NOT NULL,
	"file_name" text NOT NULL,
	"job_name" text NOT NULL,
	"date_shipped" text,
	"shipped_on" date,
	"street_address" jsonb,
	"city_state_zip" jsonb,
	CONSTRAINT "order_history_dealer_file_unique" UNIQUE("dealer_id","file_name")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "folder_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "job_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "detailer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "emailed_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sched_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "date_shipped" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_furniture" ADD CONSTRAINT "order_furniture_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_furniture" ADD CONSTRAINT "order_furniture_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_history_dealer_shipped_idx" ON "order_history" USING btree ("dealer_id","shipped_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_history_dealer_folder_idx" ON "order_history" USING btree ("dealer_id","folder");