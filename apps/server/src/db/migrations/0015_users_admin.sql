-- Substring search on users (用户管理) uses trigram indexes. PGlite loads the extension in db/pglite-thread.mjs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_invite_code_trgm_idx" ON "users" USING gin ("invite_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_balance_idx" ON "users" USING btree ("balance");