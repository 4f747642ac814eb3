-- Ledger entries are written once: a correction is a new operation, never an edit.
CREATE FUNCTION wallet_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_entries are immutable: post a correcting operation instead';
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON wallet_entries FOR EACH ROW EXECUTE FUNCTION wallet_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_truncate BEFORE TRUNCATE ON wallet_entries FOR EACH STATEMENT EXECUTE FUNCTION wallet_entries_refuse_change();
