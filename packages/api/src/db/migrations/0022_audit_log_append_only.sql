-- Decision 067: audit_log is append-only in the database itself, not only by the app having no code path that
-- edits it. UPDATE, DELETE and TRUNCATE raise 42501 (insufficient_privilege); INSERT is untouched. SQL accepted by
-- PostgreSQL 15 (the server) and 18 (PGlite). A retention job, if one is ever needed, drops the trigger in a
-- migration of its own, visibly.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
