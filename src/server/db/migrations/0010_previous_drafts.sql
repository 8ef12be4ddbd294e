CREATE TABLE "previous_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"form_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"set_aside_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "previous_drafts" ADD CONSTRAINT "previous_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_drafts_user_form_idx" ON "previous_drafts" USING btree ("user_id","form_id","set_aside_at");