SELECT d.datname,
       pg_size_pretty(pg_database_size(d.datname)) AS size,
       r.rolname AS owner,
       (SELECT count(*) FROM pg_stat_activity a WHERE a.datname = d.datname) AS connections
FROM pg_database d
JOIN pg_roles r ON r.oid = d.datdba
WHERE d.datistemplate = false
  AND (d.datname LIKE 'test\_%' OR d.datname LIKE 'ci\_%'
       OR d.datname LIKE 'preview\_pr\_%' OR d.datname LIKE 'tmp\_%')
ORDER BY pg_database_size(d.datname) DESC;
