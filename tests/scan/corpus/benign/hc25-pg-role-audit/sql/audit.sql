-- Read-only Postgres role audit. Nothing here modifies the database.
\set QUIET on
\pset footer off
begin read only;

\echo '== R1 powerful role attributes'
select rolname, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin
  from pg_roles
 where rolsuper or rolcreaterole or rolreplication or rolbypassrls
 order by rolsuper desc, rolname;

\echo '== R2 login roles without expiry'
select rolname, rolvaliduntil from pg_roles
 where rolcanlogin and rolvaliduntil is null and rolname not like 'pg\_%'
 order by rolname;

\echo '== R3 members of server-file / server-program roles'
select r.rolname as member, g.rolname as granted_role
  from pg_auth_members m
  join pg_roles r on r.oid = m.member
  join pg_roles g on g.oid = m.roleid
 where g.rolname in ('pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files')
 order by 2, 1;

\echo '== R4 SECURITY DEFINER functions'
select n.nspname as schema, p.proname as function, pg_get_userbyid(p.proowner) as owner,
       coalesce(array_to_string(p.proconfig, ','), '(no search_path)') as config
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
 order by (p.proconfig is null) desc, 1, 2;

\echo '== R5 PUBLIC grants on schemas'
select nspname, has_schema_privilege('public', oid, 'CREATE') as public_create,
       has_schema_privilege('public', oid, 'USAGE') as public_usage
  from pg_namespace where nspname not like 'pg\_%' and nspname <> 'information_schema';

\echo '== R5 PUBLIC execute on SECURITY DEFINER functions'
select n.nspname, p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where p.prosecdef and has_function_privilege('public', p.oid, 'EXECUTE')
   and n.nspname not in ('pg_catalog', 'information_schema');

\echo '== R6 pg_hba rules (trust / cleartext)'
select line_number, type, database, user_name, address, auth_method
  from pg_hba_file_rules where auth_method in ('trust', 'password');

\echo '== R7 object owners that cannot log in'
select distinct pg_get_userbyid(c.relowner) as owner
  from pg_class c join pg_roles r on r.oid = c.relowner
 where not r.rolcanlogin and r.rolname not like 'pg\_%';

rollback;
