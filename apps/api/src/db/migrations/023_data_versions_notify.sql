-- Every change of the business data's or the territories' version (poi_data_state,
-- territory_data_state) is announced on the channel catchment_data_versions, whoever made it: an
-- API process, the command-line importer, or an operator's SQL. API processes on PostgreSQL cache
-- the versions a count is for and drop them on this notification (db/data-versions.ts), rather than
-- read them at every count. The notification is sent when the writing transaction commits.
CREATE FUNCTION notify_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catchment_data_versions', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
CREATE TRIGGER poi_data_state_notify AFTER INSERT OR UPDATE OR DELETE ON poi_data_state
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_versions();
CREATE TRIGGER territory_data_state_notify AFTER INSERT OR UPDATE OR DELETE ON territory_data_state
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_versions();
