-- Snapshot of the statement digests, normalised to milliseconds.
CREATE DATABASE IF NOT EXISTS ops_digest;
DROP TABLE IF EXISTS ops_digest.tmp_digest_top;
CREATE TABLE ops_digest.tmp_digest_top AS
SELECT
    COALESCE(schema_name, '-')                        AS schema_name,
    LEFT(digest_text, 400)                            AS digest_text,
    count_star                                        AS calls,
    ROUND(sum_timer_wait / 1e9, 1)                    AS total_ms,
    ROUND(avg_timer_wait / 1e9, 2)                    AS avg_ms,
    ROUND(quantile_95 / 1e9, 2)                       AS p95_ms,
    sum_rows_examined                                 AS rows_examined,
    sum_rows_sent                                     AS rows_sent,
    ROUND(sum_rows_examined / NULLIF(sum_rows_sent, 0), 1) AS exam_per_sent,
    sum_no_index_used                                 AS no_index_used,
    last_seen
FROM performance_schema.events_statements_summary_by_digest
WHERE digest_text IS NOT NULL
  AND schema_name NOT IN ('mysql', 'performance_schema', 'sys', 'information_schema')
ORDER BY sum_timer_wait DESC
LIMIT 200;
