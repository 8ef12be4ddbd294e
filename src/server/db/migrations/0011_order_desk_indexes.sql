CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_dealer_created_idx" ON "orders" USING btree ("dealer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_form_created_idx" ON "orders" USING btree ("form_id","created_at","id");